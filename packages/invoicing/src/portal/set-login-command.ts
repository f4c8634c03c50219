import { parseOptions, UserError } from '@svc/common';
import { loadConfig } from '../config.js';
import { openInvoicing } from '../runtime.js';
import { findLoginByEmail, isPlausibleEmail, normaliseEmail, upsertLogin } from './logins.js';
import { hashPassword, passwordProblem, passwordRules } from './password.js';
import { deleteMerchantSessions } from './sessions.js';

/** Reads a line from the terminal without echoing it. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish();
        if (char === '\u0003') return finish(new UserError('cancelled'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
  });
}

async function readFirstLine(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += chunk.toString();
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  const first = await askHidden('Password: ');
  const second = await askHidden('Password again: ');
  if (first !== second) throw new UserError('the two passwords differ');
  return first;
}

/**
 * `merchant set-login --merchant <id> --email <address>`: gives a merchant a portal login (or
 * changes it). The password is asked for twice on the terminal; when standard input is not a
 * terminal, its first line is the password. Signs the merchant out of every portal session.
 */
export async function runSetLogin(args: string[]): Promise<number> {
  const { options } = parseOptions(args, { strings: ['merchant', 'email'] });
  const merchantId = typeof options.merchant === 'string' ? options.merchant.trim() : '';
  const email = typeof options.email === 'string' ? normaliseEmail(options.email) : '';
  if (!merchantId) throw new UserError('--merchant is required');
  if (!isPlausibleEmail(email)) throw new UserError('--email must be an email address such as shop@example.com');
  const invoicing = await openInvoicing(loadConfig());
  try {
    const merchant = await invoicing.service.getMerchant(merchantId);
    if (!merchant) throw new UserError(`there is no merchant ${merchantId}`);
    const taken = await findLoginByEmail(invoicing.store.db, email);
    if (taken && taken.merchantId !== merchantId) throw new UserError(`${email} is the login of another merchant`);
    const password = await readPassword();
    const problem = passwordProblem(password);
    if (problem === 'short') throw new UserError(`the password must have at least ${passwordRules.min} characters`);
    if (problem === 'long') throw new UserError(`the password must have at most ${passwordRules.max} characters`);
    const passwordHash = await hashPassword(password);
    await upsertLogin(invoicing.store.db, { merchantId, email, passwordHash }, Date.now());
    await deleteMerchantSessions(invoicing.store.db, merchantId);
    process.stdout.write(`${merchantId} can now sign in to the portal as ${email}\n`);
    return 0;
  } finally {
    await invoicing.close();
  }
}
