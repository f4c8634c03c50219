import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DumpError, readDump } from '../../src/import/xml/dump-reader.js';
import type { DumpEvent } from '../../src/import/xml/dump-types.js';

/** A dump of one page whose text is `text` (escaped for XML here). */
function dumpOf(text: string, title = 'Long'): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/" version="0.10" xml:lang="de">
  <page><title>${title}</title><ns>0</ns><id>1</id>
    <revision><id>10</id><timestamp>2020-01-01T00:00:00Z</timestamp><contributor><ip>127.0.0.1</ip></contributor>
      <model>wikitext</model><format>text/x-wiki</format><text bytes="${Buffer.byteLength(text)}">${escaped}</text></revision>
  </page>
</mediawiki>`;
}

async function events(chunks: Buffer[]): Promise<DumpEvent[]> {
  async function* input() {
    for (const chunk of chunks) yield chunk;
  }
  const out: DumpEvent[] = [];
  for await (const event of readDump(input(), 'test.xml')) out.push(event);
  return out;
}

function pieces(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

const textOf = (list: DumpEvent[]) => list.flatMap((e) => (e.type === 'revision' ? [e.revision.text] : []));

describe('dump reader', () => {
  // Several-byte characters, entities and line breaks throughout, so that the reader's 64 KB pieces
  // of a large chunk cut through them.
  const text = Array.from({ length: 12_000 }, (_, i) => `Zeile ${i}: Ärger & <ref>Grüße</ref> 𝔘𝔫𝔦 €\n`).join('');

  test('a chunk larger than the pieces it is read in gives the same events as small chunks', async () => {
    const bytes = Buffer.from(dumpOf(text));
    assert.ok(bytes.length > 8 * 65_536);
    const whole = await events([bytes]);
    assert.deepEqual(textOf(whole), [text]);
    assert.deepEqual(whole, await events(pieces(bytes, 1_000)));
    assert.deepEqual(whole, await events(pieces(bytes, 65_537)));
  });

  test('an error past the first piece of a large chunk names its byte offset', async () => {
    const xml = dumpOf(text).replace('</revision>', '</revison>');
    const offset = Buffer.byteLength(xml.slice(0, xml.indexOf('</revison>')));
    assert.ok(offset > 8 * 65_536);
    await assert.rejects(events([Buffer.from(xml)]), (err: Error) => {
      assert.ok(err instanceof DumpError);
      assert.ok(Math.abs(err.byteOffset - offset) <= 12, `offset ${err.byteOffset} near ${offset}`);
      assert.match(err.message, new RegExp(`test\\.xml is not well-formed XML at byte ${err.byteOffset}`));
      return true;
    });
  });
});
