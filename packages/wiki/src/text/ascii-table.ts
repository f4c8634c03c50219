/** Character classes of ASCII as lookup tables, for scanners that test every character. */

/** Whether each ASCII character matches `pattern` (a character class), as a table. */
export function asciiTable(pattern: RegExp): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 0; c < 128; c++) table[c] = pattern.test(String.fromCharCode(c)) ? 1 : 0;
  return table;
}
