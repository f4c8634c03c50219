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

const count = (n: number) => n.toLocaleString('en-US');

/** Draws progress on a terminal (a redrawn line), or prints a line per phase when not a terminal. */
export function streamProgress(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number }): ImportProgress {
  let label = '';
  let total: number | undefined;
  let unit = 'rows';
  let done = 0;
  let started = 0;
  let lastDraw = 0;
  let detail = '';

  const line = () => {
    const elapsed = (Date.now() - started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    let text = `${label}: ${count(done)}`;
    if (total !== undefined && total > 0) {
      const share = Math.min(1, done / total);
      const width = 20;
      const filled = Math.round(share * width);
      text = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${count(done)}/${count(total)} ${unit}`;
      if (rate > 0 && done < total) text += `, ETA ${duration((total - done) / rate)}`;
    } else {
      text += ` ${unit}`;
    }
    if (rate > 0) text += `, ${count(Math.round(rate))} ${unit}/s`;
    if (detail) text += ` (${detail})`;
    return text;
  };
  const draw = (force: boolean) => {
    if (!stream.isTTY) return;
    const now = Date.now();
    if (!force && now - lastDraw < 100) return;
    lastDraw = now;
    const width = (stream.columns ?? 100) - 1;
    stream.write(`\r${line().slice(0, width).padEnd(width)}`);
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
      const summary = `${label}: ${count(done)} ${unit} in ${seconds} s${detail ? ` (${detail})` : ''}`;
      if (stream.isTTY) stream.write(`\r${summary.padEnd((stream.columns ?? 100) - 1)}\n`);
      else stream.write(`${summary}\n`);
    },
  };
}
