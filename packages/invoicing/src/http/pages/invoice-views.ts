import { amountDue, type Invoice } from '../../domain/invoice.js';
import { formatCoin, formatRate } from '../../domain/money.js';
import type { Ledger } from '../../ledger/ledger.js';
import type { InvoicingService } from '../../service/invoicing-service.js';
import { payUrl } from '../../service/public-invoice.js';
import type { RecordedPayment } from '../../store/ledger-payments.js';
import type { CheckoutView } from '../../web/pages/checkout-view.js';
import type { InvoiceDetailView, InvoiceRowView, UnmatchedPaymentView } from '../../web/pages/portal/views.js';

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

export function toInvoiceRow(invoice: Invoice): InvoiceRowView {
  return {
    id: invoice.id,
    orderRef: invoice.orderRef,
    status: invoice.status,
    flags: { ...invoice.flags },
    amountCoin: invoice.amountCoin,
    amountEur: invoice.amountEur,
    createdAt: invoice.createdAt,
    expiresAt: invoice.expiresAt,
  };
}

/** The merchant's view of one of its invoices, with its payments and status history. */
export async function loadInvoiceDetail(
  service: InvoicingService,
  invoice: Invoice,
  timeline: { status: Invoice['status']; at: number }[],
): Promise<InvoiceDetailView> {
  const payments = await service.paymentsOfInvoice(invoice.id);
  return {
    ...toCheckoutView(invoice, payments, service.ledger),
    payUrl: payUrl(service.settings.baseUrl, invoice.id),
    createdAt: invoice.createdAt,
    rateSource: invoice.rateSource,
    rateAt: invoice.rateAt,
    timeline,
  };
}

export function toUnmatchedView(payment: RecordedPayment): UnmatchedPaymentView {
  return {
    txId: payment.txId,
    amount: payment.amount,
    memo: payment.memo,
    at: payment.ledgerTime,
    reason: payment.unmatchedReason ?? '',
  };
}
