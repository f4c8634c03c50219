#!/usr/bin/env node
import { type CliCommand, listenUntilSignalled, runCli } from '@svc/common';
import { buildApp } from './api/app.js';
import { loadConfig } from './config.js';
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

const commands: CliCommand[] = [serve];

process.exitCode = await runCli(
  'npm run wiki --',
  'Wiki service: a MediaWiki-compatible Action API over an imported wiki.',
  commands,
  process.argv.slice(2),
);
