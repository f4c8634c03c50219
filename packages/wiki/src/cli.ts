#!/usr/bin/env node
import { type CliCommand, listenUntilSignalled, parseOptions, runCli, UserError } from '@svc/common';
import { buildApp } from './api/app.js';
import { loadConfig } from './config.js';
import { importerFor } from './import/index.js';
import { streamProgress } from './import/progress.js';
import { openWikiStore } from './store/database.js';

const serve: CliCommand = {
  name: 'serve',
  summary: 'Run the wiki API server (api.php).',
  usage: 'usage: wiki serve\n\nConfigured by environment variables; see packages/wiki/README.md.',
  async run() {
    const config = loadConfig();
    const store = await openWikiStore(config.database);
    const app = await buildApp({ store, logLevel: config.logLevel });
    const server = await listenUntilSignalled(app, {
      host: config.host,
      port: config.port,
      name: 'wiki',
      onClose: () => store.close(),
    });
    process.stdout.write(`wiki: listening on ${server.url} (${store.engine})\n`);
    return new Promise<never>(() => {});
  },
};

const importCommand: CliCommand = {
  name: 'import',
  summary: 'Import a MediaWiki database (.sqlite) or XML dump into the wiki store.',
  usage: [
    'usage: wiki import <file>... [--settings FILE] [--images DIR] [--replace]',
    '',
    '  <file>            a MediaWiki 1.39 SQLite database (.sqlite, .db) or an XML dump',
    "  --settings FILE   the wiki's settings.json (default: settings.json beside a database)",
    '  --images DIR      its upload folder (default: images/ beside a database)',
    '  --replace         replace the wiki the store holds when it is another one',
    '',
    'The store is the one `wiki serve` uses (WIKI_DATA_DIR or WIKI_DATABASE_URL).',
  ].join('\n'),
  async run(args) {
    const { options, positional } = parseOptions(args, { strings: ['settings', 'images'], flags: ['replace'] });
    if (positional.length === 0) throw new UserError('import needs a file: wiki import <file>');
    const plan = positional.map((file) => ({ file, importer: importerFor(file) }));
    const config = loadConfig();
    const store = await openWikiStore(config.database);
    try {
      for (const { file, importer } of plan) {
        process.stderr.write(`importing ${file} (${importer.name})\n`);
        const summary = await importer.run(store, file, {
          settingsFile: options.settings as string | undefined,
          imagesDir: options.images as string | undefined,
          replace: options.replace === true,
          progress: streamProgress(process.stderr),
        });
        for (const line of summary.lines) process.stdout.write(`${line}\n`);
        process.stdout.write(`done in ${summary.seconds.toFixed(1)} s\n`);
      }
    } finally {
      await store.close();
    }
    return 0;
  },
};

const commands: CliCommand[] = [serve, importCommand];

process.exitCode = await runCli(
  'npm run wiki --',
  'Wiki service: a MediaWiki-compatible Action API over an imported wiki.',
  commands,
  process.argv.slice(2),
);
