#!/usr/bin/env node
import { type CliCommand, listenUntilSignalled, parseOptions, runCli, UserError } from '@svc/common';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { InvoicingError } from './domain/errors.js';
import { formatCoin } from './domain/money.js';
import { loadWebOptions } from './http/pages/web-config.js';
import { SimulatedLedger } from './ledger/simulated.js';
import { runSetLogin } from './portal/set-login-command.js';
import { type Invoicing, openInvoicing, startBackgroundWork } from './runtime.js';
import { webhookCommand } from './webhook-command.js';

/** Runs `work` with the service opened from the environment's configuration, closing it afterwards. */
async function withInvoicing<T>(work: (invoicing: Invoicing) => Promise<T>): Promise<T> {
  const invoicing = await openInvoicing(loadConfig());
  try {
    return await work(invoicing);
  } catch (error) {
    if (error instanceof InvoicingError) throw new UserError(error.message);
    throw error;
  } finally {
    await invoicing.close();
  }
}

function requireString(options: Record<string, string | true>, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UserError(`--${name} is required`);
  return value;
}

function percentToBasisPoints(text: string): number {
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(text))
    throw new UserError('--tolerance must be a percentage from 0 to 50 with at most 2 decimals');
  return Math.round(Number(text) * 100);
}

function wholeMinutes(text: string, option: string): number {
  if (!/^\d{1,4}$/.test(text)) throw new UserError(`--${option} must be a whole number of minutes from 1 to 1440`);
  return Number(text);
}

function confirmationCount(text: string): number {
  if (!['0', '1', '2', '6'].includes(text)) throw new UserError('--confirmations must be 0, 1, 2 or 6');
  return Number(text);
}

const serve: CliCommand = {
  name: 'serve',
  summary: 'Run the invoicing HTTP service with its payment watcher and expiry scheduler.',
  usage: 'usage: invoicing serve\n\nConfigured by environment variables; see packages/invoicing/README.md.',
  async run() {
    const config = loadConfig();
    const invoicing = await openInvoicing(config);
    let background: Awaited<ReturnType<typeof startBackgroundWork>> | undefined;
    const app = await buildApp({
      store: invoicing.store,
      service: invoicing.service,
      logLevel: config.logLevel,
      rateLimits: config.rateLimits,
      trustProxy: config.trustProxy,
      web: loadWebOptions(config),
      ledgerProblem:
        invoicing.ledger.matching === 'address' ? async () => (await background?.ledgerProblem()) ?? null : undefined,
    });
    background = await startBackgroundWork(invoicing, (what, error) => app.log.error({ err: error }, `${what} failed`));
    const running = background;
    const server = await listenUntilSignalled(app, {
      host: config.host,
      port: config.port,
      name: 'invoicing',
      onClose: async () => {
        await running.stop();
        await invoicing.close();
      },
    });
    process.stdout.write(
      `invoicing: listening on ${server.url} (${invoicing.store.engine}, ${invoicing.ledger.name} ledger, ${config.rates.source} rate)\n` +
        `invoicing: merchant portal ${server.url}/portal, API ${server.url}/api/invoices\n`,
    );
    return new Promise<never>(() => {});
  },
};

const merchant: CliCommand = {
  name: 'merchant',
  summary: 'Merchants: create, list, set (name, recipient or account key, default expiry, tolerance, confirmations).',
  usage: [
    'usage: invoicing merchant create --name <name> [--recipient <address> | --account-key <xpub or descriptor>]',
    '                                 [--expiry <minutes>] [--tolerance <percent>] [--confirmations 0|1|2|6]',
    '       invoicing merchant list',
    '       invoicing merchant set --merchant <id> [--name …] [--recipient …] [--account-key …] [--expiry …]',
    '                              [--tolerance …] [--confirmations …]',
    '       invoicing merchant set-login --merchant <id> --email <address>   (asks for the portal password)',
    '',
    'With the simulated ledger, create makes a new simulated address when --recipient is left out.',
    'With a chain ledger (litecoin, bitcoin) every invoice gets its own address, derived from the',
    "merchant's --account-key: an extended public key (xpub, zpub, Ltub; tpub, vpub, ttub on test",
    'networks) or a descriptor wpkh(<xpub>/0/*). The service never needs a private key.',
  ].join('\n'),
  async run(args) {
    const [action, ...rest] = args;
    if (action === 'set-login') return runSetLogin(rest);
    const { options } = parseOptions(rest, {
      strings: ['name', 'recipient', 'account-key', 'expiry', 'tolerance', 'confirmations', 'merchant'],
    });
    const settings = {
      ...(typeof options.expiry === 'string' ? { defaultExpiryMin: wholeMinutes(options.expiry, 'expiry') } : {}),
      ...(typeof options.tolerance === 'string' ? { toleranceBp: percentToBasisPoints(options.tolerance) } : {}),
      ...(typeof options.confirmations === 'string' ? { confirmations: confirmationCount(options.confirmations) } : {}),
    };
    const accountKey = typeof options['account-key'] === 'string' ? options['account-key'] : undefined;
    return withInvoicing(async ({ service }) => {
      if (action === 'create') {
        const created = await service.createMerchant({
          name: requireString(options, 'name'),
          recipient: typeof options.recipient === 'string' ? options.recipient : undefined,
          accountKey,
          settings,
        });
        process.stdout.write(`${created.id}\n`);
        if (created.accountKey) process.stderr.write(`account key: ${created.accountKey}\n`);
        else if (created.recipient) process.stderr.write(`recipient address: ${created.recipient}\n`);
        return 0;
      }
      if (action === 'list') {
        for (const m of await service.listMerchants()) {
          process.stdout.write(
            `${m.id}\t${m.accountKey ?? m.recipient}\texpiry ${m.settings.defaultExpiryMin} min\ttolerance ${m.settings.toleranceBp / 100} %\t${m.accountKey ? `confirmations ${m.settings.confirmations}\t` : ''}${m.name}\n`,
          );
        }
        return 0;
      }
      if (action === 'set') {
        const updated = await service.updateMerchant(requireString(options, 'merchant'), {
          name: typeof options.name === 'string' ? options.name : undefined,
          recipient: typeof options.recipient === 'string' ? options.recipient : undefined,
          accountKey,
          settings,
        });
        process.stdout.write(`${updated.id} updated\n`);
        return 0;
      }
      throw new UserError('expected "merchant create", "merchant list", "merchant set" or "merchant set-login"');
    });
  },
};

const key: CliCommand = {
  name: 'key',
  summary: 'API keys: create (printed once), list, revoke.',
  usage: [
    'usage: invoicing key create --merchant <id>',
    '       invoicing key list --merchant <id>',
    '       invoicing key revoke --merchant <id> --key <key id>',
  ].join('\n'),
  async run(args) {
    const [action, ...rest] = args;
    const { options } = parseOptions(rest, { strings: ['merchant', 'key'] });
    const merchantId = requireString(options, 'merchant');
    return withInvoicing(async ({ service }) => {
      if (action === 'create') {
        const created = await service.createApiKey(merchantId);
        process.stdout.write(`${created.key}\n`);
        process.stderr.write(`key id ${created.info.id}; the key is shown only now, store it safely\n`);
        return 0;
      }
      if (action === 'list') {
        for (const k of await service.listApiKeys(merchantId)) {
          const used = k.lastUsedAt === null ? 'never used' : `last used ${new Date(k.lastUsedAt).toISOString()}`;
          const state = k.revokedAt === null ? 'active' : `revoked ${new Date(k.revokedAt).toISOString()}`;
          process.stdout.write(`${k.id}\t${k.prefix}…\t${used}\t${state}\n`);
        }
        return 0;
      }
      if (action === 'revoke') {
        const keyId = requireString(options, 'key');
        if (!(await service.revokeApiKey(merchantId, keyId))) {
          throw new UserError(`merchant ${merchantId} has no active key ${keyId}`);
        }
        process.stdout.write(`${keyId} revoked\n`);
        return 0;
      }
      throw new UserError('expected "key create", "key list" or "key revoke"');
    });
  },
};

const simulatePay: CliCommand = {
  name: 'simulate-pay',
  summary: 'Make a payment on the simulated ledger (a running service credits it).',
  usage: 'usage: invoicing simulate-pay --to <address> --amount <coin> [--message <text>]',
  async run(args) {
    const { options } = parseOptions(args, { strings: ['to', 'amount', 'message'] });
    const config = loadConfig();
    if (config.ledger.kind !== 'simulated') throw new UserError('simulate-pay needs INVOICING_LEDGER=simulated');
    const ledger = new SimulatedLedger(config.ledger.file);
    try {
      const payment = ledger.submitPayment({
        to: requireString(options, 'to'),
        amount: requireString(options, 'amount'),
        message: typeof options.message === 'string' ? options.message : null,
      });
      process.stdout.write(`${payment.txId}\n`);
      return 0;
    } catch (error) {
      if (error instanceof InvoicingError) throw new UserError(error.message);
      throw error;
    } finally {
      await ledger.close();
    }
  },
};

const unmatched: CliCommand = {
  name: 'unmatched',
  summary: 'List payments that matched no invoice (newest first).',
  usage: 'usage: invoicing unmatched [--address <address>] [--limit <n>]',
  async run(args) {
    const { options } = parseOptions(args, { strings: ['address', 'limit'] });
    const limitText = typeof options.limit === 'string' ? options.limit : '100';
    if (!/^\d{1,5}$/.test(limitText) || Number(limitText) < 1)
      throw new UserError('--limit must be a whole number from 1 to 99999');
    return withInvoicing(async ({ service }) => {
      const rows = await service.unmatchedPayments(
        typeof options.address === 'string' ? options.address : undefined,
        Number(limitText),
      );
      for (const p of rows) {
        process.stdout.write(
          `${new Date(p.ledgerTime).toISOString()}\t${p.txId}:${p.opIndex}\t${formatCoin(p.amount)} ${p.asset}\tto ${p.to}\tmessage ${JSON.stringify(p.memo)}\t${p.unmatchedReason}\n`,
        );
      }
      if (rows.length === 0) process.stderr.write('no unmatched payments\n');
      return 0;
    });
  },
};

const commands: CliCommand[] = [serve, merchant, key, webhookCommand(withInvoicing), simulatePay, unmatched];

process.exitCode = await runCli(
  'npm run invoicing --',
  'Invoicing service: payment invoices settled on a ledger.',
  commands,
  process.argv.slice(2),
);
