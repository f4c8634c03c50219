import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importXmlDump } from './packages/wiki/src/import/xml/xml-importer.js';
import { openWikiStore } from './packages/wiki/src/store/database.js';

const dir = mkdtempSync(join(tmpdir(), 'imp-'));
const store = await openWikiStore({ engine: 'sqlite', file: join(dir, 'w.sqlite') });
const t0 = performance.now();
const c0 = process.cpuUsage();
const s = await importXmlDump(store, process.argv[2]!, { extractionThreads: 1 });
const cu = process.cpuUsage(c0);
console.log(
  'cpu',
  ((cu.user + cu.system) / 1e6).toFixed(2),
  's',
  (s.bytes / 1e6 / ((cu.user + cu.system) / 1e6)).toFixed(1),
  'MB/cpu-s',
);
console.log(
  s.pages,
  s.revisions,
  ((performance.now() - t0) / 1000).toFixed(2),
  's',
  (s.bytes / 1e6 / s.seconds).toFixed(1),
  'MB/s',
);
