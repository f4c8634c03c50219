/**
 * The `start`, `end`, `dir` and `continue` parameters of the lists ordered by time (log entries,
 * recent changes): conditions on a (timestamp, id) index, continuing from `timestamp|id`.
 */
import { type RawBuilder, sql } from 'kysely';
import { parseContinueValue } from '../../api/keyset.js';

/**
 * Conditions for a scan of (`timestamp`, `id`) in the direction `dir` asks for, each with a name
 * and its values in SQL order (for a query compiled once per shape).
 */
export function timeRangeParts(
  params: { dir: string; start?: string; end?: string; continue?: string },
  timestamp: string,
  id: string,
): { key: string; values: unknown[]; condition: RawBuilder<boolean> }[] {
  const newer = params.dir === 'newer';
  const from = sql.raw(newer ? '>=' : '<=');
  const to = sql.raw(newer ? '<=' : '>=');
  const parts: { key: string; values: unknown[]; condition: RawBuilder<boolean> }[] = [];
  if (params.start !== undefined) {
    const start = params.start;
    parts.push({ key: 'start', values: [start], condition: sql<boolean>`${sql.ref(timestamp)} ${from} ${start}` });
  }
  if (params.end !== undefined) {
    const end = params.end;
    parts.push({ key: 'end', values: [end], condition: sql<boolean>`${sql.ref(timestamp)} ${to} ${end}` });
  }
  if (params.continue !== undefined) {
    const [ts, n] = parseContinueValue(params.continue, ['timestamp', 'looseint']);
    parts.push({
      key: 'continue',
      values: [ts, n],
      condition: sql<boolean>`(${sql.ref(timestamp)}, ${sql.ref(id)}) ${from} (${ts}, ${n})`,
    });
  }
  return parts;
}
