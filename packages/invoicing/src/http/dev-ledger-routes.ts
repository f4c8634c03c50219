import type { FastifyInstance } from 'fastify';
import { invalidRequest } from '../domain/errors.js';
import { formatCoin } from '../domain/money.js';
import type { SimulatedLedger } from '../ledger/simulated.js';
import { JsonNumber, type JsonValue } from './strict-json.js';

const FIELDS = new Set(['to', 'amount', 'message']);

/**
 * `POST /dev/ledger/payments` `{"to","amount","message"}`: makes a payment on the simulated ledger.
 * Registered only while the simulated ledger is configured.
 */
export function registerDevLedgerRoutes(app: FastifyInstance, ledger: SimulatedLedger) {
  app.post('/dev/ledger/payments', async (request, reply) => {
    const body = request.body as JsonValue;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || body instanceof JsonNumber) {
      throw invalidRequest('invalid_body', 'the request body must be a JSON object');
    }
    for (const field of Object.keys(body)) {
      if (!FIELDS.has(field)) throw invalidRequest('unknown_parameter', `unknown field ${field}`, field);
    }
    const { to, amount, message } = body;
    if (typeof to !== 'string') throw invalidRequest('address_invalid', 'to must be a ledger address', 'to');
    if (!(amount instanceof JsonNumber) && typeof amount !== 'string') {
      throw invalidRequest('amount_invalid', 'amount must be a number (coin)', 'amount');
    }
    if (message !== undefined && message !== null && typeof message !== 'string') {
      throw invalidRequest('message_invalid', 'message must be a string', 'message');
    }
    const payment = ledger.submitPayment({
      to,
      amount: amount instanceof JsonNumber ? amount.text : amount,
      message: message ?? null,
    });
    const json = `{"tx_id":${JSON.stringify(payment.txId)},"op_index":${payment.opIndex},"to":${JSON.stringify(payment.to)},"amount":${formatCoin(payment.amount)},"message":${JSON.stringify(payment.memo)},"time":${Math.floor(payment.time / 1000)}}`;
    return reply.code(201).type('application/json').header('cache-control', 'no-store').send(json);
  });
}
