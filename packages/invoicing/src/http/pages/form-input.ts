/** Reading urlencoded form posts: one string per field, whatever the browser or a forger sent. */
export type FormBody = Record<string, string>;

export function readForm(body: unknown): FormBody {
  const form: FormBody = {};
  if (!body || typeof body !== 'object') return form;
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    // A repeated field arrives as an array; the first value counts, as in a browser's form.
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') form[name] = first;
  }
  return form;
}

/**
 * A decimal typed by a person: spaces dropped, and a single comma taken as the decimal mark
 * (German users write 12,50). Anything else is left for the amount parser to refuse.
 */
export function normaliseTypedDecimal(text: string): string {
  const trimmed = text.replace(/\s+/g, '');
  return /^\d*,\d+$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
}

/** A whole number within bounds, or undefined. */
export function parseBoundedInteger(text: string, min: number, max: number): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return undefined;
  const n = Number(trimmed);
  return n >= min && n <= max ? n : undefined;
}

/** A percentage with at most two decimals as basis points (0.5 % → 50), or undefined. */
export function percentToBasisPoints(text: string, maxPercent: number): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(normaliseTypedDecimal(text));
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= maxPercent * 100 ? bp : undefined;
}

export function basisPointsToPercent(bp: number): string {
  const whole = Math.floor(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
