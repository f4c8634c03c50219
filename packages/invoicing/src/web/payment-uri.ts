import { plainDecimal } from './format.js';

export interface PaymentRequest {
  /** The ledger adapter's name, e.g. `simulated` or `stellar`. */
  ledger: string;
  recipient: string;
  amountMinor: bigint;
  decimals: number;
  message: string;
}

/**
 * The payment URI a wallet understands, shown as the checkout's QR code and "open in wallet" link.
 *
 * - `stellar`: SEP-0007 `web+stellar:pay?destination=…&amount=…&memo=…&memo_type=MEMO_TEXT`.
 * - every other ledger (the simulated one): our own documented form
 *   `ledger+<name>:<recipient>?amount=<decimal>&message=<text>`, amount in the coin as a plain
 *   decimal with a dot, message percent-encoded.
 */
export function paymentUri(request: PaymentRequest): string {
  const amount = plainDecimal(request.amountMinor, request.decimals);
  if (request.ledger === 'stellar') {
    const params = new URLSearchParams({
      destination: request.recipient,
      amount,
      memo: request.message,
      memo_type: 'MEMO_TEXT',
    });
    return `web+stellar:pay?${params.toString().replaceAll('+', '%20')}`;
  }
  const scheme = `ledger+${request.ledger.toLowerCase().replace(/[^a-z0-9.-]/g, '')}`;
  return `${scheme}:${encodeURIComponent(request.recipient)}?amount=${amount}&message=${encodeURIComponent(request.message)}`;
}
