import type { Invoice } from '../domain/invoice.js';
import { toCheckoutView } from '../http/pages/invoice-views.js';
import type { InvoicingService } from '../service/invoicing-service.js';
import { payUrl } from '../service/public-invoice.js';
import type { RecordedPayment } from '../store/ledger-payments.js';
import type { InvoiceDetailView, InvoiceRowView, UnmatchedPaymentView } from './pages/views.js';

/** One row of the portal's invoice list. */
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
