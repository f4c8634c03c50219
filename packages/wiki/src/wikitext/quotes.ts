/**
 * Bold and italics written with apostrophes (`''italic''`, `'''bold'''`, `'''''both'''''`) made
 * HTML, line by line, as MediaWiki's parser balances them: four apostrophes are one and a bold,
 * more than five leave the extra ones as text; when a line holds an odd number of both bold and
 * italic runs, one bold run is read as an apostrophe and italics (preferably one after a
 * single-letter word, else after a longer word, else after a space); what a line leaves open is
 * closed at its end.
 */

type State = '' | 'i' | 'b' | 'bi' | 'ib' | 'both';

/** `text` with its apostrophe runs turned into `<i>` and `<b>`. */
export function renderQuotes(text: string): string {
  if (!text.includes("''")) return text;
  return text.split('\n').map(renderLineQuotes).join('\n');
}

function renderLineQuotes(line: string): string {
  const parts = line.split(/(''+)/);
  if (parts.length === 1) return line;
  let italics = 0;
  let bolds = 0;
  for (let i = 1; i < parts.length; i += 2) {
    let run = parts[i]!.length;
    if (run === 4) {
      parts[i - 1] += "'";
      parts[i] = "'''";
      run = 3;
    } else if (run > 5) {
      parts[i - 1] += "'".repeat(run - 5);
      parts[i] = "'''''";
      run = 5;
    }
    if (run === 2) italics++;
    else if (run === 3) bolds++;
    else {
      italics++;
      bolds++;
    }
  }
  if (italics % 2 === 1 && bolds % 2 === 1) splitOneBold(parts);
  return balance(parts);
}

/** One bold run read as an apostrophe and italics, the best placed as MediaWiki chooses it. */
function splitOneBold(parts: string[]): void {
  let afterSpace = -1;
  let afterSingleLetter = -1;
  let afterWord = -1;
  for (let i = 1; i < parts.length; i += 2) {
    if (parts[i]!.length !== 3) continue;
    const before = parts[i - 1]!;
    const last = before.at(-1);
    const secondLast = before.length >= 2 ? before.at(-2) : undefined;
    if (last === ' ') {
      if (afterSpace === -1) afterSpace = i;
    } else if (secondLast === ' ' && last !== undefined && last.charCodeAt(0) < 0x80) {
      // The parser looks at bytes: a letter outside ASCII is more than one, so no single letter.
      afterSingleLetter = i;
      break;
    } else if (afterWord === -1) afterWord = i;
  }
  const chosen = afterSingleLetter > -1 ? afterSingleLetter : afterWord > -1 ? afterWord : afterSpace;
  if (chosen > -1) {
    parts[chosen] = "''";
    parts[chosen - 1] += "'";
  }
}

/** The runs as tags, opened and closed in the order the parser's state machine writes them. */
function balance(parts: readonly string[]): string {
  let out = '';
  let buffer = '';
  let state: State = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 0) {
      if (state === 'both') buffer += part;
      else out += part;
      continue;
    }
    if (part.length === 2) {
      if (state === 'i') [out, state] = [`${out}</i>`, ''];
      else if (state === 'bi') [out, state] = [`${out}</i>`, 'b'];
      else if (state === 'ib') [out, state] = [`${out}</b></i><b>`, 'b'];
      else if (state === 'both') [out, state] = [`${out}<b><i>${buffer}</i>`, 'b'];
      else [out, state] = [`${out}<i>`, state === 'b' ? 'bi' : 'i'];
    } else if (part.length === 3) {
      if (state === 'b') [out, state] = [`${out}</b>`, ''];
      else if (state === 'bi') [out, state] = [`${out}</i></b><i>`, 'i'];
      else if (state === 'ib') [out, state] = [`${out}</b>`, 'i'];
      else if (state === 'both') [out, state] = [`${out}<i><b>${buffer}</b>`, 'i'];
      else [out, state] = [`${out}<b>`, state === 'i' ? 'ib' : 'b'];
    } else if (state === 'b') [out, state] = [`${out}</b><i>`, 'i'];
    else if (state === 'i') [out, state] = [`${out}</i><b>`, 'b'];
    else if (state === 'bi') [out, state] = [`${out}</i></b>`, ''];
    else if (state === 'ib') [out, state] = [`${out}</b></i>`, ''];
    else if (state === 'both') [out, state] = [`${out}<i><b>${buffer}</b></i>`, ''];
    else [buffer, state] = ['', 'both'];
  }
  if (state === 'b' || state === 'ib') out += '</b>';
  if (state === 'i' || state === 'bi' || state === 'ib') out += '</i>';
  if (state === 'bi') out += '</b>';
  if (state === 'both' && buffer !== '') out += `<b><i>${buffer}</i></b>`;
  return out;
}
