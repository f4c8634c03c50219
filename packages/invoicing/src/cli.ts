#!/usr/bin/env node
import { type CliCommand, listenUntilSignalled, runCli } from '@svc/common';
import { loadConfig } from './config.js';
import { buildApp } from './http/app.js';
import { openInvoicingStore } from './store/database.js';

const serve: CliCommand = {
  name: 'serve',
  summary: 'Run the invoicing HTTP service (API, checkout pages, portal).',
  usage: 'usage: invoicing serve\n\nConfigured by environment variables; see packages/invoicing/README.md.',
  async run() {
    const config = loadConfig();
    const store = await openInvoicingStore(config.database);
    const app = await buildApp({ store, logLevel: config.logLevel });
    const server = await listenUntilSignalled(app, {
      host: config.host,
      port: config.port,
      name: 'invoicing',
      onClose: () => store.close(),
    });
    process.stdout.write(`invoicing: listening on ${server.url} (${store.engine})\n`);
    return new Promise<never>(() => {});
  },
};

const commands: CliCommand[] = [serve];

process.exitCode = await runCli(
  'npm run invoicing --',
  'Invoicing service: payment invoices settled on a ledger.',
  commands,
  process.argv.slice(2),
);
