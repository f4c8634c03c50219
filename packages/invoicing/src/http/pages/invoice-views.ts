import { amountDue, type Invoice } from '../../domain/invoice.js';
import { formatCoin, formatRate } from '../../domain/money.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { RecordedPayment } from '../../store/ledger-payments.js';
import type { CheckoutView } from '../../web/pages/checkout-view.js';

/** The coin's short name on pages, by ledger. */
export function coinOf(ledger: Pick<Ledger, 'coinCode' | 'decimals'>): { code: string; decimals: number } {
  return { code: ledger.coinCode, decimals: ledger.decimals };
}

/** The payer's view of an invoice: the QR code asks for what is still due. */
export function toCheckoutView(invoice: Invoice, payments: RecordedPayment[], ledger: Ledger): CheckoutView {
  const due = amountDue(invoice);
  const received = invoice.amountPaid + invoice.amountPending;
  const asked = received > 0n && due > 0n ? due : invoice.amountCoin;
  const paymentUri = ledger.paymentUri({
    recipient: invoice.recipient,
    amountCoin: formatCoin(asked, ledger.decimals),
    message: invoice.message,
  });
  return {
    id: invoice.id,
    status: invoice.status,
    orderRef: invoice.orderRef,
    message: invoice.message,
    recipient: invoice.recipient,
    amountCoin: invoice.amountCoin,
    amountEur: invoice.amountEur,
    rate: formatRate(invoice.rate),
    amountPaid: invoice.amountPaid,
    amountPending: invoice.amountPending,
    amountDue: due,
    confirmationsRequired: invoice.confirmationsRequired,
    matching: ledger.matching,
    flags: { ...invoice.flags },
    paidAt: invoice.paidAt,
    expiresAt: invoice.expiresAt,
    payments: payments.map((p) => ({
      txId: p.txId,
      amount: p.amount,
      at: p.ledgerTime,
      late: p.late,
      confirmations: p.confirmations ?? 1,
    })),
    coin: coinOf(ledger),
    paymentUri,
    qrText: ledger.qrText?.(paymentUri) ?? paymentUri,
  };
}
