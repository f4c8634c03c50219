/**
 * The `Accept-Language` header as MediaWiki's `WebRequest::getAcceptLang` reads it: lower-cased
 * codes by falling quality (in the header's order where equal), those of quality 0 left out.
 */
export function acceptedLanguages(header: string | undefined): { code: string; q: number }[] {
  const entries: { code: string; q: number; index: number }[] = [];
  for (const [index, part] of (header ?? '').split(',').entries()) {
    const m =
      /^\s*([a-zA-Z]{1,8}(?:-[a-zA-Z0-9]{1,8})*|\*)\s*(?:;\s*q\s*=\s*(1(?:\.0{0,3})?|0(?:\.\d{0,3})?))?\s*$/.exec(part);
    if (!m) continue;
    const q = m[2] === undefined ? 1 : Number(m[2]);
    if (q > 0) entries.push({ code: (m[1] as string).toLowerCase(), q, index });
  }
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map(({ code, q }) => ({ code, q }));
}
