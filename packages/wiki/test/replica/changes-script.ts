/**
 * A scripted sequence of changes of every kind a follower applies, made through a real
 * MediaWiki's API as Admin: edits and new pages (with links, categories, templates, external,
 * language and interwiki links), a template edit whose users MediaWiki re-renders in its jobs,
 * moves with and without a redirect, deletions, an undeletion, protections (cascading, of a
 * missing title, removed again), uploads and a new version of a file, an import of pages with
 * their history (a new page, and an old revision into an existing one), a history merge, revision
 * deletion and suppression, a new account, group changes, a user renamed (the Renameuser
 * extension's maintenance script, as its special page has no API), a block and an unblock.
 * `step(n)` is told after each change.
 */
import { deflateSync } from 'node:zlib';
import type { SourceEditor } from '../helpers/source-editor.js';

/** A small valid PNG of one colour (each call another image). */
export function pngOf(red: number, green: number, blue: number, size = 4): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.concat(
    Array.from({ length: size }, () =>
      Buffer.from([0, ...Array.from({ length: size }, () => [red, green, blue]).flat()]),
    ),
  );
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** An XML dump of pages with their revisions, as `Special:Export` writes one. */
function exportXml(
  pages: Array<{ title: string; revisions: Array<{ timestamp: string; user: string; comment: string; text: string }> }>,
) {
  const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = pages
    .map(
      (page) => `  <page>
    <title>${xmlText(page.title)}</title>
    <ns>0</ns>
${page.revisions
  .map(
    (rev) => `    <revision>
      <timestamp>${rev.timestamp}</timestamp>
      <contributor><username>${xmlText(rev.user)}</username></contributor>
      <comment>${xmlText(rev.comment)}</comment>
      <model>wikitext</model>
      <format>text/x-wiki</format>
      <text xml:space="preserve">${xmlText(rev.text)}</text>
    </revision>`,
  )
  .join('\n')}
  </page>`,
    )
    .join('\n');
  return `<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="de">\n${body}\n</mediawiki>\n`;
}

export async function runChangesScript(
  editor: SourceEditor,
  run: string,
  step: (n: number, what: string) => Promise<void>,
  /** Runs one of the source's maintenance scripts (a path under its `maintenance` folder). */
  maintenance: (script: string, ...args: string[]) => Promise<unknown>,
): Promise<number> {
  let n = 0;
  const done = async (what: string) => step(++n, what);
  const edit = async (title: string, text: string, summary: string, extra: Record<string, string | boolean> = {}) => {
    const answer = await editor.act('edit', { title, text, summary, ...extra });
    await done(`edit ${title}`);
    return answer;
  };
  // New pages with every kind of link.
  for (let i = 1; i <= 10; i++) {
    await edit(
      `Replica ${run} Seite ${i}`,
      `'''Seite ${i}''' verweist auf [[Berlin]], [[Replica ${run} Seite ${(i % 10) + 1}]] und [[Rote Seite ${run} ${i}]].\n` +
        `{{Infobox Stadt|Name=Ort ${i}}}\n[https://example.org/replica/${run}/${i} Beispiel] [[en:Replica ${i}]] [[wikipedia:Replica ${i}]]\n` +
        `[[Kategorie:Replica ${run}|${String.fromCharCode(65 + i)}]] [[Kategorie:Stadt]]`,
      `neu ${i}`,
    );
  }
  // Edits of existing and new pages, some minor, one a bot's.
  for (let i = 1; i <= 15; i++) {
    await edit(
      `Replica ${run} Seite ${(i % 10) + 1}`,
      `Fassung ${i} mit [[Hamburg]] und [[Datei:Replica ${run}.png]].\n[[Kategorie:Replica ${run}]]`,
      `Änderung ${i}`,
      i % 3 === 0 ? { minor: true } : {},
    );
  }
  await edit('Berlin', `${'Berlin ist die Hauptstadt.'} Ergänzt im Lauf ${run}.\n[[Kategorie:Stadt]]`, 'Ergänzung');
  // A template whose users MediaWiki re-renders in its jobs.
  await edit('Vorlage:Replica Baustein', `Baustein ${run} [[Kategorie:Replica Baustein ${run}]]`, 'Vorlage');
  await edit(`Replica ${run} Nutzer`, '{{Replica Baustein}} nutzt die Vorlage.', 'Nutzer');
  await edit(
    'Vorlage:Replica Baustein',
    `Baustein ${run} geändert [[Hamburg]] [[Kategorie:Replica Baustein neu ${run}]]`,
    'Vorlage geändert',
  );
  // Moves with and without a redirect.
  await editor.act('move', {
    from: `Replica ${run} Seite 1`,
    to: `Replica ${run} Verschoben 1`,
    reason: 'Verschiebung',
  });
  await done('move with redirect');
  await editor.act('move', {
    from: `Replica ${run} Seite 2`,
    to: `Replica ${run} Verschoben 2`,
    reason: 'ohne Weiterleitung',
    noredirect: true,
  });
  await done('move without redirect');
  await editor.act('move', {
    from: `Replica ${run} Seite 3`,
    to: `Benutzer:Admin/Replica ${run}`,
    reason: 'in den Benutzernamensraum',
    movetalk: true,
  });
  await done('move to another namespace');
  // Deletions and an undeletion.
  await editor.act('delete', { title: `Replica ${run} Seite 4`, reason: 'Löschung' });
  await done('delete');
  await editor.act('delete', { title: `Replica ${run} Seite 5`, reason: 'Löschung' });
  await done('delete');
  await editor.act('undelete', { title: `Replica ${run} Seite 5`, reason: 'Wiederherstellung' });
  await done('undelete');
  // Protections: of a page, cascading, of a missing title, and one taken back.
  await editor.act('protect', {
    title: `Replica ${run} Seite 6`,
    protections: 'edit=sysop|move=sysop',
    expiry: 'infinite|infinite',
    reason: 'Schutz',
  });
  await done('protect');
  await editor.act('protect', {
    title: `Replica ${run} Seite 7`,
    protections: 'edit=sysop',
    cascade: true,
    expiry: 'infinite',
    reason: 'Kaskade',
  });
  await done('protect cascading');
  await editor.act('protect', {
    title: `Replica ${run} Gesperrt`,
    protections: 'create=sysop',
    expiry: '2030-01-01T00:00:00Z',
    reason: 'Titel',
  });
  await done('protect a missing title');
  await editor.act('protect', {
    title: `Replica ${run} Seite 6`,
    protections: 'edit=all|move=all',
    reason: 'aufgehoben',
  });
  await done('unprotect');
  // Files: a new one, then a new version of it.
  await editor.upload(`Replica ${run}.png`, pngOf(200, 10 * (run.length % 20), 30), 'erste Fassung');
  await done('upload');
  await editor.upload(`Replica ${run}.png`, pngOf(10, 200, 30, 6), 'zweite Fassung');
  await done('upload a new version');
  // Revision deletion of an edit's comment.
  const hidden = await editor.act('edit', {
    title: `Replica ${run} Seite 8`,
    text: 'Mit verborgenem Kommentar',
    summary: 'geheim',
  });
  await done('edit');
  await editor.act('revisiondelete', {
    type: 'revision',
    target: `Replica ${run} Seite 8`,
    ids: String(hidden.edit.newrevid),
    hide: 'comment',
    reason: 'verbergen',
  });
  await done('revision deletion');
  // An import: a new page with two old revisions, and an old revision into an existing page's history.
  await editor.importXml(
    exportXml([
      {
        title: `Replica ${run} Importiert`,
        revisions: [
          { timestamp: '2019-05-01T10:00:00Z', user: 'Importeur', comment: 'alt', text: 'Erste Fassung [[Berlin]]' },
          {
            timestamp: '2019-06-01T10:00:00Z',
            user: 'Admin',
            comment: 'älter',
            text: 'Zweite Fassung [[Köln]] [[Kategorie:Stadt]]',
          },
        ],
      },
      {
        title: `Replica ${run} Seite 9`,
        revisions: [{ timestamp: '2018-01-01T00:00:00Z', user: 'Importeur', comment: 'uralt', text: 'Vorgeschichte' }],
      },
    ]),
    'imp',
    'Import',
  );
  await done('import');
  // A history merge: the older page's revisions move into the newer one.
  await edit(`Replica ${run} Alt`, 'Alte Fassung 1', 'alt 1');
  await edit(`Replica ${run} Alt`, 'Alte Fassung 2 [[Hamburg]]', 'alt 2');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await edit(`Replica ${run} Neu`, 'Neue Fassung [[Berlin]]', 'neu');
  await editor.act('mergehistory', { from: `Replica ${run} Alt`, to: `Replica ${run} Neu`, reason: 'Zusammenführung' });
  await done('merge');
  // Suppression: a revision's text and comment hidden from administrators too.
  const suppressed = await editor.act('edit', {
    title: `Replica ${run} Seite 9`,
    text: 'Zu unterdrückender Text',
    summary: 'unterdrücken',
  });
  await done('edit');
  await edit(`Replica ${run} Seite 9`, 'Danach wieder sichtbar', 'sichtbar');
  await editor.act('revisiondelete', {
    type: 'revision',
    target: `Replica ${run} Seite 9`,
    ids: String(suppressed.edit.newrevid),
    hide: 'content|comment|user',
    suppress: 'yes',
    reason: 'Unterdrückung',
  });
  await done('suppression');
  // Revision deletion taken back: the edit's comment visible again.
  await editor.act('revisiondelete', {
    type: 'revision',
    target: `Replica ${run} Seite 8`,
    ids: String(hidden.edit.newrevid),
    show: 'comment',
    reason: 'wieder sichtbar',
  });
  await done('revision deletion undone');
  // A user renamed, with their edits, log entries and user page.
  await maintenance(
    '../extensions/Renameuser/maintenance/renameUser.php',
    '--oldname',
    'Bob',
    '--newname',
    `Bob ${run}`,
    '--performer',
    'Admin',
    '--reason',
    'Umbenennung',
  );
  await done('rename a user');
  // Accounts: a new one, its groups, a block and an unblock.
  const name = `Replica ${run} Konto`;
  const created = await editor.act('createaccount', {
    username: name,
    password: `Replica-Pass-${run}-2024!`,
    retype: `Replica-Pass-${run}-2024!`,
    createreturnurl: 'http://127.0.0.1/',
    reason: 'neues Konto',
    createtoken: await editor.tokenOf('createaccount'),
  });
  if (created.createaccount?.status !== 'PASS') throw new Error(`createaccount: ${JSON.stringify(created)}`);
  await done('create an account');
  await editor.act('userrights', { user: name, add: 'bot', reason: 'Bot', token: await editor.tokenOf('userrights') });
  await done('add a group');
  await editor.act('block', { user: name, expiry: '1 week', reason: 'Sperre', nocreate: true });
  await done('block');
  await editor.act('block', {
    user: 'Gustav',
    expiry: 'infinite',
    reason: 'Teilsperre',
    partial: true,
    pagerestrictions: 'Berlin',
    allowusertalk: true,
  });
  await done('partial block');
  await editor.act('unblock', { user: 'Gustav', reason: 'entsperrt' });
  await done('unblock');
  // More edits after all that, to the moved pages too.
  for (let i = 1; i <= 12; i++) {
    await edit(
      `Replica ${run} Verschoben ${(i % 2) + 1}`,
      `Nach der Verschiebung ${i} [[Kategorie:Replica ${run}]]`,
      `danach ${i}`,
    );
  }
  return n;
}
