/**
 * The ending every list module shares: rows → continuation → the list's items (or the generator's
 * pages). A module reads one row more than its limit; that row, when there, is where the next
 * request continues. Items are then added while the answer has room; the first that does not fit
 * is where the next request continues instead.
 */
import type { ModuleContext } from '../../api/module.js';
import type { ResultArray, ResultObject } from '../../api/result/tree.js';

/**
 * The rows of this page: with more than `limit`, the continuation is set at the first row beyond
 * it, and the rows are cut to `limit` (in place: the same array is returned).
 */
export function pageOfRows<R>(
  ctx: Pick<ModuleContext<unknown>, 'setContinue'>,
  rows: R[],
  limit: number,
  continueAt: (row: R) => string,
): R[] {
  if (rows.length > limit) {
    ctx.setContinue(continueAt(rows[limit] as R));
    rows.length = limit;
  }
  return rows;
}

/**
 * Adds the item of each row to `list`, in order, while the answer has room; at the first item
 * that does not fit, the continuation is set at its row and false is returned.
 */
export function addFittingItems<R>(
  ctx: Pick<ModuleContext<unknown>, 'setContinue' | 'result'>,
  list: ResultArray,
  rows: readonly R[],
  itemOf: (row: R, index: number) => ResultObject,
  continueAt: (row: R) => string,
): boolean {
  for (const [i, row] of rows.entries()) {
    const item = itemOf(row, i);
    if (!ctx.result.fits(item)) {
      ctx.setContinue(continueAt(row));
      return false;
    }
    list.push(item);
  }
  return true;
}
