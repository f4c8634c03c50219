/**
 * The `<prefix>continue` values of list modules: `|`-separated parts of fixed kinds, as the module
 * wrote them in its previous answer. Anything else is MediaWiki's `badcontinue` error.
 */
import { badContinue } from '../../api/errors.js';

export type ContinuePart = 'string' | 'int' | 'timestamp';

type PartValue<T extends ContinuePart> = T extends 'int' ? number : string;

export function parseContinueValue<const T extends readonly ContinuePart[]>(
  value: string,
  kinds: T,
): { [K in keyof T]: PartValue<T[K]> } {
  const parts = value.split('|');
  if (parts.length !== kinds.length) throw badContinue();
  return parts.map((part, i) => {
    switch (kinds[i]) {
      case 'int':
        if (!/^-?\d+$/.test(part) || String(Number(part)) !== part) throw badContinue();
        return Number(part);
      case 'timestamp':
        if (!/^\d{14}$/.test(part)) throw badContinue();
        return part;
      default:
        return part;
    }
  }) as { [K in keyof T]: PartValue<T[K]> };
}
