/**
 * HTML built by a tagged template that escapes every interpolated value. Only values that are
 * already `SafeHtml` (made by this template, or marked with `trustedHtml` for markup we generate
 * ourselves, such as the QR code's SVG) pass through unchanged, so forgetting to escape is not
 * possible by accident.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => entities[c]!);
}

/** A value a template may interpolate: text is escaped, arrays are joined, nullish and false print nothing. */
export type HtmlValue = SafeHtml | string | number | bigint | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false || value === true) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new SafeHtml(out);
}

/** Marks markup produced by our own code (never by user input) as safe to embed unescaped. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * Fills the `{name}` placeholders of a translated text with markup (e.g. a reference that must
 * not wrap); the text around them is escaped as usual.
 */
export function fillHtml(text: string, params: Record<string, SafeHtml>): SafeHtml {
  const parts = text.split(/\{(\w+)\}/);
  return new SafeHtml(
    parts
      .map((part, i) => (i % 2 === 0 ? escapeHtml(part) : (params[part]?.value ?? escapeHtml(`{${part}}`))))
      .join(''),
  );
}
