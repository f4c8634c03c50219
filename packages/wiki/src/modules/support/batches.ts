/**
 * Runs a lookup over a long list in batches. Conditions of the form `(ns = ? AND title = ?) OR …`
 * must stay short: SQLite refuses expressions nested deeper than 1,000, and a generator with high
 * limits hands a prop module 5,000 pages.
 */
export const TITLE_BATCH = 200;

export async function inBatches<T, R>(items: readonly T[], lookup: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += TITLE_BATCH) out.push(...(await lookup(items.slice(i, i + TITLE_BATCH))));
  return out;
}
