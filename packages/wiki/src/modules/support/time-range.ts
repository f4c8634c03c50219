/**
 * The `start`, `end`, `dir` and `continue` parameters of the lists ordered by time (log entries,
 * recent changes): conditions on a (timestamp, id) index, continuing from `timestamp|id`.
 */
import { type RawBuilder, sql } from 'kysely';
import { parseContinueValue } from '../../api/keyset.js';
import type { ParamValues } from '../../api/params/validate.js';

/** Conditions for a scan of (`timestamp`, `id`) in the direction `dir` asks for. */
export function timeRangeConditions(params: ParamValues, timestamp: string, id: string): RawBuilder<boolean>[] {
  const newer = params.dir === 'newer';
  const from = sql.raw(newer ? '>=' : '<=');
  const to = sql.raw(newer ? '<=' : '>=');
  const conditions: RawBuilder<boolean>[] = [];
  if (params.start !== undefined) conditions.push(sql<boolean>`${sql.ref(timestamp)} ${from} ${params.start}`);
  if (params.end !== undefined) conditions.push(sql<boolean>`${sql.ref(timestamp)} ${to} ${params.end}`);
  if (params.continue !== undefined) {
    const [ts, n] = parseContinueValue(params.continue as string, ['timestamp', 'int']);
    conditions.push(sql<boolean>`(${sql.ref(timestamp)}, ${sql.ref(id)}) ${from} (${ts}, ${n})`);
  }
  return conditions;
}
