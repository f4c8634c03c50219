// Keeps the server-rendered checkout page current: a countdown to the expiry and status updates
// without reload (Server-Sent Events, polling when those are unavailable). The page is complete
// without this script; it reads everything from data-* attributes, so it holds no wording.
(() => {
  const root = document.querySelector('[data-checkout]');
  if (!root) return;
  const liveUrl = root.getAttribute('data-live-url');
  const eventsUrl = root.getAttribute('data-events-url');
  const announcer = document.getElementById('announcer');
  const serverNow = Number(root.getAttribute('data-now')) * 1000;
  // The countdown follows the server's clock, not a possibly wrong phone clock.
  const clockOffset = Number.isFinite(serverNow) && serverNow > 0 ? serverNow - Date.now() : 0;
  let version = root.getAttribute('data-version');
  let pollTimer = 0;
  let nextExpiryCheck = 0;

  function formatRemaining(ms) {
    const total = Math.max(0, Math.floor(ms / 1000));
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = String(total % 60).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
  }

  function tick() {
    const el = document.querySelector('[data-countdown]');
    if (!el) return;
    const left = Number(el.getAttribute('data-expires-at')) * 1000 - (Date.now() + clockOffset);
    el.textContent = formatRemaining(left);
    el.classList.toggle('is-urgent', left < 60000);
    // At the expiry the server decides (a payment may have arrived in time): ask it, and ask
    // again every few seconds until it answers with the new state.
    if (left <= 0 && Date.now() >= nextExpiryCheck) {
      nextExpiryCheck = Date.now() + 3000;
      window.setTimeout(refresh, 1000);
    }
  }

  function apply(state) {
    if (!state || typeof state.html !== 'string' || state.version === version) return;
    const live = document.getElementById('live');
    if (!live) return;
    const hadFocus = document.activeElement && live.contains(document.activeElement);
    live.innerHTML = state.html;
    version = state.version;
    root.setAttribute('data-version', version);
    root.setAttribute('data-status', state.status);
    // Once paid or expired the page no longer asks to pay: its heading and title say so.
    const pageHeading = document.getElementById('checkout-heading');
    if (pageHeading && typeof state.heading === 'string' && pageHeading.textContent !== state.heading) {
      pageHeading.textContent = state.heading;
      const site = document.title.indexOf(' · ');
      document.title = state.heading + (site >= 0 ? document.title.slice(site) : '');
    }
    nextExpiryCheck = 0;
    tick();
    if (announcer && state.announcement) announcer.textContent = state.announcement;
    if (hadFocus) {
      const heading = live.querySelector('h2');
      if (heading) {
        heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    }
  }

  function refresh() {
    if (!liveUrl) return Promise.resolve();
    return fetch(liveUrl, { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then((response) => (response.ok ? response.json() : null))
      .then(apply, () => {});
  }

  function startPolling() {
    if (pollTimer) return;
    const poll = () => {
      refresh().finally(() => {
        pollTimer = window.setTimeout(poll, 5000);
      });
    };
    pollTimer = window.setTimeout(poll, 1000);
  }

  function startEvents() {
    if (!eventsUrl || typeof window.EventSource !== 'function') {
      startPolling();
      return;
    }
    let failures = 0;
    const source = new EventSource(eventsUrl);
    source.addEventListener('state', (event) => {
      failures = 0;
      try {
        apply(JSON.parse(event.data));
      } catch {
        // A malformed event is skipped; the next one brings the page up to date.
      }
    });
    source.addEventListener('error', () => {
      failures += 1;
      // The browser reconnects by itself; when the stream keeps failing (a proxy that buffers or
      // blocks event streams) polling takes over for good.
      if (source.readyState === EventSource.CLOSED || failures >= 3) {
        source.close();
        startPolling();
      }
    });
  }

  tick();
  window.setInterval(tick, 1000);
  startEvents();
})();
