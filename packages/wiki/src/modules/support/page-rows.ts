/**
 * The common output of list modules that list pages: `{pageid, ns, title}` items (titles in their
 * gendered form), or, when the module runs as the generator, the pages themselves.
 */
import { titleText } from '../../api/gender.js';
import type { ModuleContext } from '../../api/module.js';
import type { ResultObject } from '../../api/result/tree.js';

export interface PageRow {
  page_id: number;
  page_namespace: number;
  page_title: string;
}

export async function writePageRows<R extends PageRow>(
  ctx: ModuleContext,
  /** The XML element of an item (`p` for allpages). */
  element: string,
  rows: readonly R[],
  extra?: (row: R, item: ResultObject) => void,
): Promise<void> {
  if (ctx.generator) {
    ctx.generator.addPageIds(rows.map((r) => r.page_id));
    return;
  }
  const list = ctx.result.list(element);
  for (const row of rows) {
    const item: ResultObject = {
      pageid: row.page_id,
      ns: row.page_namespace,
      title: titleText(ctx.titles, row.page_namespace, row.page_title),
    };
    extra?.(row, item);
    list.push(item);
  }
}
