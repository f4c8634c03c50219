import { KeyedList, type ResultValue } from '../result/tree.js';
import { objectEntries } from './json.js';

function phpString(value: string): string {
  return `s:${Buffer.byteLength(value, 'utf8')}:"${value}";`;
}

function phpKey(key: string): string {
  return /^(0|-?[1-9]\d{0,17})$/.test(key) ? `i:${key};` : phpString(key);
}

/** Serialises a result tree with PHP's `serialize()` encoding (`format=php`). */
export function toPhp(value: ResultValue | undefined, formatVersion: 1 | 2): string {
  if (value === null || value === undefined) return 'N;';
  if (typeof value === 'string') return phpString(value);
  // formatversion 1's booleans became `""` (or were left out) with their object's entries; one that
  // reaches here is kept as a boolean (`keepBooleans`), as JSON prints it.
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') return Number.isInteger(value) ? `i:${value};` : `d:${value};`;
  let entries: [string, ResultValue][];
  if (Array.isArray(value)) entries = value.map((item, i) => [String(i), item]);
  else if (value instanceof KeyedList) {
    if (formatVersion === 1) value = value.bcForm();
    entries = value.printsKeyed(formatVersion)
      ? [...value.entries.entries()]
      : value.arrayItems().map((item, i): [string, ResultValue] => [String(i), item]);
  } else entries = objectEntries(value, formatVersion);
  return `a:${entries.length}:{${entries.map(([k, v]) => phpKey(k) + toPhp(v, formatVersion)).join('')}}`;
}
