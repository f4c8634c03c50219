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

async function events(chunks: Array<Buffer | string>, scanTexts = true): Promise<DumpEvent[]> {
  async function* input() {
    for (const chunk of chunks) yield chunk;
  }
  const out: DumpEvent[] = [];
  for await (const event of readDump(input(), 'test.xml', { scanTexts })) out.push(event);
  return out;
}

/** A dump of one page whose `<text>` element holds `content` as it is (already XML). */
function dumpWithContent(content: string): string {
  return dumpOf('').replace('></text>', `>${content}</text>`);
}

/** The events, or the error's message and offset, of reading `xml` cut into `size`-byte chunks. */
async function outcome(xml: string, size: number, scanTexts: boolean): Promise<unknown> {
  return await outcomeOf(pieces(Buffer.from(xml), size), scanTexts);
}

async function outcomeOf(chunks: Buffer[], scanTexts: boolean): Promise<unknown> {
  try {
    return await events(chunks, scanTexts);
  } catch (err) {
    assert.ok(err instanceof DumpError, String(err));
    return { message: err.message, byteOffset: err.byteOffset };
  }
}

/**
 * The ways of cutting a dump within its `<text>` element's content (the start tag whole, which
 * the scanner needs): in two at each byte, and in three with a one-byte piece at each byte.
 */
function cutsInText(xml: string): Buffer[][] {
  const bytes = Buffer.from(xml);
  const from = bytes.indexOf('<text') + 1;
  const start = bytes.indexOf('>', from) + 1;
  const end = bytes.lastIndexOf('</text>') + 7;
  const cuts: Buffer[][] = [];
  for (let at = start; at < end; at++) {
    cuts.push([bytes.subarray(0, at), bytes.subarray(at)]);
    cuts.push([bytes.subarray(0, at), bytes.subarray(at, at + 1), bytes.subarray(at + 1)]);
  }
  return cuts;
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

  test('the <text> scanner reads what saxes reads, cut anywhere: entities, CDATA, comments, line ends', async () => {
    const contents = [
      'a &amp; b &lt;ref&gt; &quot;q&quot; &apos;s&apos; &#65;&#x42;&#x1D518; &#0000000067; end',
      'Ärger 𝔘𝔫𝔦 € [[Link]] ]] ] ]]] > >> ]&gt;',
      'before <![CDATA[raw <b> & ]] text]]> after &amp; more',
      'before <!-- a comment <text> --> after',
      'lines\r\nwith\rcarriage returns &#13; kept',
      '',
      '&amp;',
      'x&#x10FFFF;y',
    ];
    for (const content of contents) {
      const xml = dumpWithContent(content);
      const expected = await outcome(xml, 1 << 20, false);
      assert.ok(Array.isArray(expected), `${JSON.stringify(content)} reads`);
      for (const size of [1, 3, 7, 1 << 20]) {
        assert.deepEqual(await outcome(xml, size, true), expected, `${JSON.stringify(content)} in ${size}-byte chunks`);
      }
      for (const chunks of cutsInText(xml)) {
        const lengths = chunks.map((c) => c.length).join('+');
        assert.deepEqual(await outcomeOf(chunks, true), expected, `${JSON.stringify(content)} cut ${lengths}`);
      }
    }
    const decoded = textOf((await outcome(dumpWithContent(contents[0]!), 3, true)) as DumpEvent[]);
    assert.deepEqual(decoded, ['a & b <ref> "q" \'s\' AB𝔘 C end']);
    const cdata = textOf((await outcome(dumpWithContent(contents[2]!), 1 << 20, true)) as DumpEvent[]);
    assert.deepEqual(cdata, ['before raw <b> & ]] text after & more']);
    const lineEnds = textOf((await outcome(dumpWithContent(contents[4]!), 4, true)) as DumpEvent[]);
    assert.deepEqual(lineEnds, ['lines\nwith\ncarriage returns \r kept']);
  });

  test('malformed <text> content fails as saxes fails, at the same byte offset', async () => {
    const long = 'Grüße '.repeat(11_000);
    const malformed = [
      `${long}]]>`,
      `${long}&bogus;`,
      `${long}&#1;`,
      `${long}&#xD800;`,
      `${long}&#X41;`,
      `${long}& amp;`,
      `${long}&amp`,
      `${long}\u0001`,
      `${long}\uFFFE`,
      `${long}<unclosed`,
      `${long}&#x41;&#12345678901234567890;`,
    ];
    for (const content of malformed) {
      const xml = dumpWithContent(content);
      const expected = (await outcome(xml, 1 << 20, false)) as { message: string; byteOffset: number };
      assert.ok(expected.byteOffset > 65_536, `${JSON.stringify(content.slice(-12))} fails past the first piece`);
      assert.match(expected.message, /test\.xml (is not well-formed XML|ends too early \(truncated\?\)) at byte \d+/);
      for (const size of [3, 1000, 65_537, 1 << 20]) {
        assert.deepEqual(
          await outcome(xml, size, true),
          expected,
          `${JSON.stringify(content.slice(-12))} in ${size}-byte chunks`,
        );
      }
    }
    // Short ones cut at every place.
    for (const content of [
      'ab]]>cd',
      'a]]]>',
      'x &bogus; y',
      'x &#1; y',
      'x &am p; y',
      'x &a!b c; y',
      'x &#12&#34; y',
      'a ]]&gt; ]]>',
    ]) {
      const xml = dumpWithContent(content);
      const expected = await outcome(xml, 1 << 20, false);
      assert.ok(!Array.isArray(expected), `${JSON.stringify(content)} fails`);
      for (const chunks of cutsInText(xml)) {
        const lengths = chunks.map((c) => c.length).join('+');
        assert.deepEqual(await outcomeOf(chunks, true), expected, `${JSON.stringify(content)} cut ${lengths}`);
      }
    }
  });

  test('text read as strings, a surrogate pair cut between two of them, reads as saxes reads it', async () => {
    const xml = dumpWithContent('a 𝔘 b &amp; c');
    const cut = xml.indexOf('𝔘') + 1;
    const chunks = [xml.slice(0, cut), xml.slice(cut)];
    assert.deepEqual(await events(chunks), await events(chunks, false));
    assert.deepEqual(textOf(await events(chunks)), ['a 𝔘 b & c']);
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
