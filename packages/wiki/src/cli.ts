#!/usr/bin/env node
import { join } from 'node:path';
import { type CliCommand, parseOptions, runCli, UserError } from '@svc/common';
import { NoSuchAccountError, setPassword } from './accounts/set-password.js';
import { contentMessageReader } from './api/messages/store.js';
import { loadConfig } from './config.js';
import { completeDeferredBuilds, describeDeferredBuild } from './import/deferred-builds.js';
import { importerFor } from './import/index.js';
import type { MediaWikiApiClient } from './import/mediawiki-api/api-client.js';
import { streamProgress } from './import/progress.js';
import { isSqlDump } from './import/sql-dump/link-table-dumps.js';
import { openWikiStore, type WikiStore } from './store/database.js';

const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Run the wiki API server (api.php).',
  usage: 'usage: wiki serve\n\nConfigured by environment variables; see packages/wiki/README.md.',
  async run() {
    // The server's modules (and the mirror's, below) load only for their commands: an import
    // starts reading its dump that much sooner.
    const { serve } = await import('./server.js');
    return serve(loadConfig());
  },
};

const importCommand: CliCommand = {
  name: 'import',
  summary: 'Import a MediaWiki database (.sqlite) or XML dump into the wiki store.',
  usage: [
    'usage: wiki import <file>... [--settings FILE] [--images DIR] [--replace] [--no-lint]',
    '',
    '  <file>            a MediaWiki 1.39 SQLite database (.sqlite, .db) or an XML dump; beside',
    "                    one XML dump, Wikimedia's SQL dumps of the same wiki's link tables",
    '                    (<wiki>-<date>-pagelinks.sql.gz, categorylinks, templatelinks, linktarget, ...)',
    "  --settings FILE   the wiki's settings.json (default: settings.json beside a database)",
    '  --images DIR      its upload folder (default: images/ beside a database; for a dump,',
    "                    where the files of its File: pages are found, linked into the store's)",
    '  --replace         replace the wiki the store holds when it is another one',
    "  --no-lint         leave out the pages' lint errors (list=linterrors)",
    '',
    "An XML dump's search index and lint errors are built after its import, which the server",
    'can answer from at once; a build that is stopped resumes with the next import or `wiki serve`.',
    '',
    'The store is the one `wiki serve` uses (WIKI_DATA_DIR or WIKI_DATABASE_URL).',
  ].join('\n'),
  async run(args) {
    const { options, positional } = parseOptions(args, {
      strings: ['settings', 'images'],
      flags: ['replace', 'no-lint'],
    });
    if (positional.length === 0) throw new UserError('import needs a file: wiki import <file>');
    const linkTables = positional.filter(isSqlDump);
    const plan = positional.filter((file) => !isSqlDump(file)).map((file) => ({ file, importer: importerFor(file) }));
    if (linkTables.length > 0 && (plan.length !== 1 || plan[0]!.importer.name !== 'MediaWiki XML dump')) {
      throw new UserError(
        'SQL dumps of link tables are imported beside exactly one XML dump of the same wiki and date',
      );
    }
    const config = loadConfig();
    const store = await openWikiStore(config.database);
    try {
      for (const { file, importer } of plan) {
        process.stderr.write(`importing ${file} (${importer.name})\n`);
        const summary = await importer.run(store, file, {
          settingsFile: options.settings as string | undefined,
          imagesDir: options.images as string | undefined,
          uploadDirectory: join(config.dataDir, 'images'),
          replace: options.replace === true,
          lint: options['no-lint'] !== true,
          linkTables,
          deferBuilds: true,
          progress: streamProgress(process.stderr),
        });
        for (const line of summary.lines) process.stdout.write(`${line}\n`);
        process.stdout.write(`done in ${summary.seconds.toFixed(1)} s\n`);
      }
      for (const result of await completeDeferredBuilds(store, streamProgress(process.stderr), {
        message: contentMessageReader(store),
      })) {
        process.stdout.write(`${describeDeferredBuild(result)}\n`);
      }
    } finally {
      await store.close();
    }
    return 0;
  },
};

const setPasswordCommand: CliCommand = {
  name: 'set-password',
  summary: "Set an account's password (read from standard input) and end its sessions.",
  usage: [
    'usage: wiki set-password <user name>',
    '',
    'Reads the new password from the first line of standard input, so that it appears in no',
    'process list or shell history: printf %s "$PASSWORD" | npm run wiki -- set-password Alice',
  ].join('\n'),
  async run(args) {
    const { positional } = parseOptions(args, {});
    if (positional.length !== 1) throw new UserError('set-password needs one user name: wiki set-password <user name>');
    const password = (await readStandardInput()).split(/\r?\n/)[0] ?? '';
    if (password === '') throw new UserError('set-password reads the new password from standard input; it was empty');
    const config = loadConfig();
    const store = await openWikiStore(config.database);
    try {
      const id = await setPassword(store, positional[0], password);
      process.stdout.write(`password of ${positional[0]} (user id ${id}) set; its sessions ended\n`);
    } catch (error) {
      if (error instanceof NoSuchAccountError) throw new UserError(error.message);
      throw error;
    } finally {
      await store.close();
    }
    return 0;
  },
};

async function readStandardInput(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** `--login USER` with `--password P` (or WIKI_SOURCE_PASSWORD, which no process list shows). */
function sourceLogin(options: Record<string, string | true>): { user: string; password: string } | undefined {
  if (options.login === undefined) {
    if (options.password !== undefined) throw new UserError('--password needs --login USER');
    return undefined;
  }
  const password = (options.password as string | undefined) ?? process.env.WIKI_SOURCE_PASSWORD;
  if (!password) throw new UserError('--login needs --password P (or WIKI_SOURCE_PASSWORD)');
  return { user: String(options.login), password };
}

const mirrorCommand: CliCommand = {
  name: 'mirror',
  summary: 'Copy a running wiki through its api.php into the (empty) store; resumable.',
  usage: [
    'usage: wiki mirror <api.php URL> [--current-only] [--namespaces 0,2,...] [--login USER --password P]',
    '',
    "  --current-only    only each page's current revision (default: the whole history)",
    '  --namespaces      only these namespaces (numbers, comma-separated)',
    "  --login USER      log in first (a bot password or the account's own); with the rights",
    '                    deletedhistory and deletedtext, deleted revisions are copied as well',
    '  --password P      its password (or the environment variable WIKI_SOURCE_PASSWORD)',
    '',
    'Run again after an interruption, it continues where it stopped. Then `wiki follow` keeps',
    'the store up to date.',
  ].join('\n'),
  async run(args) {
    const { options, positional } = parseOptions(args, {
      strings: ['namespaces', 'login', 'password'],
      flags: ['current-only'],
    });
    if (positional.length !== 1) throw new UserError('mirror needs the api.php URL of the source: wiki mirror <url>');
    const namespaces =
      typeof options.namespaces === 'string' ? options.namespaces.split(',').map((n) => Number(n.trim())) : undefined;
    if (namespaces?.some((n) => !Number.isInteger(n) || n < 0))
      throw new UserError('--namespaces takes namespace numbers: --namespaces 0,2,10');
    const config = loadConfig();
    const store = await openWikiStore(config.database);
    try {
      const { mirrorWiki } = await import('./import/mediawiki-api/mirror.js');
      const summary = await mirrorWiki(store, positional[0]!, {
        currentOnly: options['current-only'] === true,
        namespaces,
        login: sourceLogin(options),
        uploadDirectory: join(config.dataDir, 'images'),
        progress: (line) => process.stderr.write(`${line}\n`),
        onRetry: (problem, pause) => process.stderr.write(`mirror: ${problem}; trying again in ${pause} s\n`),
      });
      process.stdout.write(
        `mirrored ${summary.pages} pages, ${summary.revisions} revisions in ${summary.seconds.toFixed(1)} s\n`,
      );
    } finally {
      await store.close();
    }
    return 0;
  },
};

/** The codes of `--languages fr,it`. */
function languagesOption(options: Record<string, string | true>): string[] {
  const languages =
    typeof options.languages === 'string'
      ? options.languages
          .split(',')
          .map((code) => code.trim())
          .filter((code) => code !== '')
      : [];
  const invalid = languages.find((code) => !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/i.test(code));
  if (invalid !== undefined)
    throw new UserError(`--languages takes language codes such as fr,it, not ${JSON.stringify(invalid)}`);
  return languages;
}

/**
 * A command that reads something of a running wiki through its api.php (`wiki <command> <url>
 * [--languages L] [--login USER --password P]`) into the configured store.
 */
async function fromSource(
  command: string,
  args: string[],
  work: (store: WikiStore, client: MediaWikiApiClient, languages: string[]) => Promise<void>,
): Promise<number> {
  const { options, positional } = parseOptions(args, { strings: ['languages', 'login', 'password'], flags: [] });
  if (positional.length !== 1)
    throw new UserError(`${command} needs the api.php URL of the source: wiki ${command} <url>`);
  const languages = languagesOption(options);
  const { connectSource } = await import('./import/mediawiki-api/mirror.js');
  const { SourceError } = await import('./import/mediawiki-api/api-client.js');
  const store = await openWikiStore(loadConfig().database);
  try {
    const client = await connectSource(positional[0]!, {
      login: sourceLogin(options),
      attempts: 5,
      onRetry: (problem, pause) => process.stderr.write(`${command}: ${problem}; trying again in ${pause} s\n`),
    });
    await work(store, client, languages);
  } catch (error) {
    if (error instanceof SourceError) throw new UserError(error.message);
    throw error;
  } finally {
    await store.close();
  }
  return 0;
}

const messagesCommand: CliCommand = {
  name: 'messages',
  summary: "Store a running wiki's interface messages, read through its api.php, as the catalogue errors use.",
  usage: [
    'usage: wiki messages <api.php URL> [--languages fr,it] [--login USER --password P]',
    '',
    "  --languages L     read these languages too (codes, comma-separated); the source's content",
    '                    language and English are always read',
    '  --login USER      as for mirror',
    '',
    "Errors, warnings and meta=allmessages then give the source's own texts; the wiki's",
    '`MediaWiki:` pages still override them. `wiki mirror` does this by itself.',
  ].join('\n'),
  async run(args) {
    return fromSource('messages', args, async (store, client, languages) => {
      const { importSourceMessages } = await import('./import/mediawiki-api/messages.js');
      const summary = await importSourceMessages(store, client, { languages });
      const counts = summary.languages.map((l) => `${l.count} in ${l.lang}`).join(', ');
      process.stdout.write(`stored ${counts} interface messages\n`);
    });
  },
};

const languagesCommand: CliCommand = {
  name: 'languages',
  summary: "Store a running wiki's language codes and names, read through its api.php.",
  usage: [
    'usage: wiki languages <api.php URL> [--languages fr,it] [--login USER --password P]',
    '',
    "  --languages L     names in these languages too (codes, comma-separated); the source's",
    '                    content language and English are always read',
    '  --login USER      as for mirror',
    '',
    "meta=languageinfo and siteinfo's languages, languagevariants and interwiki languages then",
    "give the source's own codes, names, fallbacks and variants. `wiki mirror` does this by itself.",
  ].join('\n'),
  async run(args) {
    return fromSource('languages', args, async (store, client, languages) => {
      const { importSourceLanguages } = await import('./import/mediawiki-api/languages.js');
      const summary = await importSourceLanguages(store, client, { languages });
      process.stdout.write(`stored ${summary.codes} language codes, named in ${summary.languages.join(', ')}\n`);
    });
  },
};

const followCommand: CliCommand = {
  name: 'follow',
  summary: "Keep a mirrored store up to date with the source's changes.",
  usage: [
    'usage: wiki follow <api.php URL> [--interval 2s] [--once] [--login USER --password P]',
    '',
    '  --interval T      pause between rounds (2s, 500ms, 1m; default 2s)',
    '  --once            one round, then exit',
    '  --login USER      as for mirror (needed to follow deletions into the archive)',
    '',
    '`wiki serve` answers from the same store meanwhile, in another process.',
  ].join('\n'),
  async run(args) {
    const { options, positional } = parseOptions(args, { strings: ['interval', 'login', 'password'], flags: ['once'] });
    if (positional.length !== 1) throw new UserError('follow needs the api.php URL of the source: wiki follow <url>');
    const interval = parseInterval(typeof options.interval === 'string' ? options.interval : '2s');
    const config = loadConfig();
    const store = await openWikiStore(config.database);
    const stop = new AbortController();
    const onSignal = () => stop.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      const { followWiki } = await import('./import/mediawiki-api/follow.js');
      await followWiki(store, positional[0]!, {
        intervalSeconds: interval,
        login: sourceLogin(options),
        once: options.once === true,
        signal: stop.signal,
        log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
      });
    } catch (error) {
      if (error instanceof Error && !(error instanceof UserError) && /mirror/.test(error.message))
        throw new UserError(error.message);
      throw error;
    } finally {
      await store.close();
    }
    return 0;
  },
};

function parseInterval(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!m) throw new UserError(`--interval takes a duration such as 2s, 500ms or 1m, not ${JSON.stringify(text)}`);
  const value = Number(m[1]);
  const seconds = m[2] === 'ms' ? value / 1000 : m[2] === 'm' ? value * 60 : value;
  if (seconds < 0.1) throw new UserError('--interval must be at least 100ms');
  return seconds;
}

const commands: CliCommand[] = [
  serveCommand,
  importCommand,
  mirrorCommand,
  messagesCommand,
  languagesCommand,
  followCommand,
  setPasswordCommand,
];

process.exitCode = await runCli(
  'npm run wiki --',
  'Wiki service: a MediaWiki-compatible Action API over an imported wiki.',
  commands,
  process.argv.slice(2),
);
