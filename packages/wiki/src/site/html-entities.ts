import { decodeHTMLStrict } from 'entities';

/**
 * Decodes the character references MediaWiki decodes in titles and link targets: named HTML5
 * entities written with their semicolon, `&#123;` and `&#x7B;`. A numeric reference to a code point
 * that may not appear in text becomes U+FFFD (and so makes a title invalid); an unknown name stays
 * as written.
 */
const REFERENCE = /&(?:#([0-9]+)|#[xX]([0-9A-Fa-f]+)|([A-Za-z0-9\u0080-\uffff]+));/g;

/** Whether XML 1.0 (and so HTML text) may hold this code point, as MediaWiki's sanitizer checks it. */
export function isAllowedCodePoint(cp: number): boolean {
  return (
    cp === 0x09 ||
    cp === 0x0a ||
    cp === 0x0d ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  );
}

export function decodeCharReferences(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    REFERENCE,
    (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (name !== undefined) return decodeHTMLStrict(whole);
      const cp = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16);
      return isAllowedCodePoint(cp) ? String.fromCodePoint(cp) : '\ufffd';
    },
  );
}
