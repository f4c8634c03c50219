/** Word counts as MediaWiki reports them (`wordcount` of search results). */

/** 1 for the characters of `str_word_count`'s words (by UTF-16 code unit), 0 for the others. */
const WORD_CHAR = (() => {
  const table = new Uint8Array(0x10000);
  for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'-") table[c.charCodeAt(0)] = 1;
  return table;
})();

/**
 * PHP's `str_word_count` (which MediaWiki reports as `wordcount`): runs of ASCII letters, `'`
 * and `-`, where the text's first character may not be `'` or `-` and its last not `-`. Letters
 * outside ASCII end a word.
 */
export function phpWordCount(text: string): number {
  let start = 0;
  let end = text.length;
  const first = text.charCodeAt(0);
  if (first === 39 || first === 45) start = 1;
  if (end > start && text.charCodeAt(end - 1) === 45) end--;
  // A word begins wherever a word character follows another kind: counted without a branch.
  let count = 0;
  let previous = 0;
  for (let i = start; i < end; i++) {
    const current = WORD_CHAR[text.charCodeAt(i)]!;
    count += current & ~previous;
    previous = current;
  }
  return count;
}
