// Copy buttons on the checkout page and in the portal. They are hidden by the style sheet until
// this script marks the document as scripted, so a page without scripts shows no dead buttons.
(() => {
  document.documentElement.classList.add('js');
  const announcer = document.getElementById('announcer');

  function announce(text) {
    if (!announcer || !text) return;
    announcer.textContent = '';
    // Setting the text after a pause makes screen readers read it even when it repeats.
    window.setTimeout(() => {
      announcer.textContent = text;
    }, 50);
  }

  function selectContents(target) {
    const range = document.createRange();
    range.selectNodeContents(target);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  function copyBySelection(target) {
    selectContents(target);
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }

  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
    if (!button) return;
    const target = document.getElementById(button.getAttribute('data-copy'));
    if (!target) return;
    const text = target.textContent.trim();
    const label = button.querySelector('[data-copy-label]') || button;
    const done = () => {
      label.textContent = button.getAttribute('data-copied');
      button.classList.add('is-copied');
      announce(button.getAttribute('data-copied'));
      window.setTimeout(() => {
        label.textContent = button.getAttribute('data-label');
        button.classList.remove('is-copied');
      }, 2000);
    };
    const failed = () => {
      selectContents(target);
      announce(button.getAttribute('data-failed'));
    };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => (copyBySelection(target) ? done() : failed()));
    } else if (copyBySelection(target)) {
      done();
    } else {
      failed();
    }
  });
})();
