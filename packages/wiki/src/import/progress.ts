/**
 * Progress of a long import, reported phase by phase. The CLI draws it as a bar on a terminal
 * and as one line per finished phase otherwise; tests and library callers pass `silentProgress`.
 */
export interface ImportProgress {
  /** A phase starts; `total` when known makes a bar and an ETA. */
  begin(label: string, total?: number, unit?: string): void;
  /** How many units of the current phase are done so far; `detail` is shown beside (`1,234 pages`). */
  advance(done: number, detail?: string): void;
  /** The current phase is finished. */
  end(): void;
}

export const silentProgress: ImportProgress = {
  begin() {},
  advance() {},
  end() {},
};

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return `${m}:${String(s % 60).padStart(2, '0')}`;
}

const BAR_WIDTH = 20;

const count = (n: number) => n.toLocaleString('en-US');

/** An amount as a reader wants it: whole units once there are many, a tenth below a hundred (`3.7 MB`). */
const amount = (n: number) => (Number.isInteger(n) || n >= 100 ? count(Math.round(n)) : n.toFixed(1));

/** Draws progress on a terminal (a redrawn line), or prints a line per phase when not a terminal. */
export function streamProgress(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }): ImportProgress {
  let label = '';
  let total: number | undefined;
  let unit = 'rows';
  let done = 0;
  let started = 0;
  let lastDraw = 0;
  let detail = '';

  /** The line in parts, most important first; the bar and then the detail go when the line is too long. */
  const line = (width: number) => {
    const elapsed = (Date.now() - started) / 1000;
    // A rate from less than a second says little: none is shown until then.
    const rate = elapsed >= 1 ? done / elapsed : 0;
    let bar = '';
    let amounts = `${amount(done)} ${unit}`;
    let eta = '';
    if (total !== undefined && total > 0) {
      const share = Math.min(1, done / total);
      const filled = Math.round(share * BAR_WIDTH);
      bar = ` [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`;
      amounts = `${amount(done)}/${amount(total)} ${unit}`;
      if (rate > 0 && done < total) eta = `, ETA ${duration((total - done) / rate)}`;
    }
    const speed = rate > 0 ? `, ${rate < 10 ? rate.toFixed(1) : count(Math.round(rate))} ${unit}/s` : '';
    const about = detail ? ` (${detail})` : '';
    for (const text of [
      `${label}:${bar} ${amounts}${eta}${speed}${about}`,
      `${label}: ${amounts}${eta}${speed}${about}`,
      `${label}: ${amounts}${eta}${speed}`,
    ]) {
      if (text.length <= width) return text;
    }
    // Only the label is shortened now: the figures stay whole.
    const figures = `: ${amounts}${eta}${speed}`;
    return `${label.slice(0, Math.max(0, width - figures.length - 1))}…${figures}`.slice(0, width);
  };
  const draw = (force: boolean) => {
    if (!stream.isTTY) return;
    const now = Date.now();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    const width = (stream.columns ?? 100) - 1;
    stream.write(`\r${line(width).padEnd(width)}`);
  };

  return {
    begin(newLabel, newTotal, newUnit = 'rows') {
      label = newLabel;
      total = newTotal;
      unit = newUnit;
      done = 0;
      detail = '';
      started = Date.now();
      draw(true);
    },
    advance(newDone, newDetail) {
      done = newDone;
      if (newDetail !== undefined) detail = newDetail;
      draw(false);
    },
    end() {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const summary = `${label}: ${amount(done)} ${unit} in ${seconds} s${detail ? ` (${detail})` : ''}`;
      if (stream.isTTY) stream.write(`\r${summary.padEnd((stream.columns ?? 100) - 1)}\n`);
      else stream.write(`${summary}\n`);
    },
  };
}
