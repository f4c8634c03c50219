/**
 * Random texts for tests that compare a scanner with the pattern it stands for: each text a run of
 * up to `maxPieces - 1` pieces drawn from `pieces` (pieces the scanner cares about), from a fixed
 * seed so that a failure names a text that fails again.
 */
export function* randomTexts(
  pieces: readonly string[],
  count: number,
  maxPieces: number,
  seed: number,
): Generator<string> {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x80000000;
  };
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = Math.floor(next() * maxPieces);
    for (let j = 0; j < length; j++) text += pieces[Math.floor(next() * pieces.length)];
    yield text;
  }
}
