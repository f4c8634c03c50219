import { type CliCommand, parseOptions, UserError } from '@svc/common';
import type { Invoicing } from './runtime.js';

function required(options: Record<string, string | true>, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UserError(`--${name} is required`);
  return value;
}

function eventList(options: Record<string, string | true>): string[] | undefined {
  const text = options.events;
  if (typeof text !== 'string') return undefined;
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

function seconds(at: number | null): string {
  return at === null ? '-' : new Date(at * 1000).toISOString();
}

/** `webhook …`: a merchant's webhook endpoints from the command line. */
export function webhookCommand(
  withInvoicing: <T>(work: (invoicing: Invoicing) => Promise<T>) => Promise<T>,
): CliCommand {
  return {
    name: 'webhook',
    summary: 'Webhook endpoints: create (secret printed once), list, set, rotate, test, deliveries, delete.',
    usage: [
      'usage: invoicing webhook create --merchant <id> --url <https URL> [--events <type,type,…>] [--description <text>]',
      '       invoicing webhook list --merchant <id>',
      '       invoicing webhook set --merchant <id> --endpoint <id> [--url …] [--events …|--all-events] [--enable|--disable]',
      '       invoicing webhook rotate --merchant <id> --endpoint <id>     (the old secret signs for 24 h more)',
      '       invoicing webhook test --merchant <id> --endpoint <id>',
      '       invoicing webhook deliveries --merchant <id> --endpoint <id>',
      '       invoicing webhook redeliver --merchant <id> --delivery <id>',
      '       invoicing webhook delete --merchant <id> --endpoint <id>',
      '',
      'Event types: invoice.created, invoice.payment_received, invoice.processing, invoice.paid,',
      'invoice.expired, invoice.paid_late, invoice.payment_reverted (every type when --events is left out).',
    ].join('\n'),
    async run(args) {
      const [action, ...rest] = args;
      const { options } = parseOptions(rest, {
        strings: ['merchant', 'url', 'events', 'description', 'endpoint', 'delivery'],
        flags: ['enable', 'disable', 'all-events'],
      });
      const merchantId = required(options, 'merchant');
      return withInvoicing(async ({ service }) => {
        const hooks = service.webhooks;
        const out = (line: string) => process.stdout.write(`${line}\n`);
        switch (action) {
          case 'create': {
            const created = await hooks.createEndpoint(merchantId, {
              url: required(options, 'url'),
              events: eventList(options),
              description: typeof options.description === 'string' ? options.description : undefined,
            });
            out(created.secret);
            process.stderr.write(`endpoint ${created.endpoint.id}; the secret is shown only now, store it safely\n`);
            return 0;
          }
          case 'list':
            for (const e of await hooks.listEndpoints(merchantId)) {
              const state = e.enabled ? 'enabled' : `disabled (${e.disabled_reason ?? 'by the merchant'})`;
              out(`${e.id}\t${e.url}\t${state}\t${e.events.join(',')}\t${e.description}`);
            }
            return 0;
          case 'set': {
            if (options.enable && options.disable) throw new UserError('give --enable or --disable, not both');
            const updated = await hooks.updateEndpoint(merchantId, required(options, 'endpoint'), {
              url: typeof options.url === 'string' ? options.url : undefined,
              events: options['all-events'] ? null : eventList(options),
              enabled: options.enable ? true : options.disable ? false : undefined,
            });
            out(`${updated.id} ${updated.enabled ? 'enabled' : 'disabled'}: ${updated.url}`);
            return 0;
          }
          case 'rotate': {
            const rotated = await hooks.rotateSecret(merchantId, required(options, 'endpoint'));
            out(rotated.secret);
            process.stderr.write(
              `new secret of ${rotated.endpoint.id}; the previous one also signs until ${seconds(rotated.endpoint.previous_secret_expires_at)}\n`,
            );
            return 0;
          }
          case 'test':
            out(await hooks.sendTestEvent(merchantId, required(options, 'endpoint')));
            process.stderr.write('test event queued; a running service sends it\n');
            return 0;
          case 'deliveries':
            for (const d of await hooks.deliveries(merchantId, required(options, 'endpoint'))) {
              const last = d.attempts[d.attempts.length - 1];
              const answer = last ? (last.responseStatus ?? last.error ?? '') : '';
              out(
                `${d.id}\t${d.eventType}\t${d.state}\t${d.attemptCount} attempts\t${answer}\t${new Date(d.createdAt).toISOString()}`,
              );
            }
            return 0;
          case 'redeliver':
            await hooks.redeliver(merchantId, required(options, 'delivery'));
            out('queued again');
            return 0;
          case 'delete': {
            const id = required(options, 'endpoint');
            await hooks.deleteEndpoint(merchantId, id);
            out(`${id} deleted`);
            return 0;
          }
          default:
            throw new UserError(
              'expected "webhook create", "list", "set", "rotate", "test", "deliveries", "redeliver" or "delete"',
            );
        }
      });
    },
  };
}
