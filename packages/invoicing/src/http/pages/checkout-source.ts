import type { InvoicingService } from '../../service/invoicing-service.js';
import type { CheckoutSource } from './checkout-routes.js';
import { toCheckoutView } from './invoice-views.js';

/** The checkout pages' view of the invoicing service: reads (expiring on read) and change notices. */
export function serviceCheckoutSource(service: InvoicingService): CheckoutSource {
  return {
    async find(id) {
      const invoice = await service.getInvoice(id);
      if (!invoice) return undefined;
      return toCheckoutView(invoice, await service.paymentsOfInvoice(id), service.ledger);
    },
    onChange(id, listener) {
      return service.subscribe(id, () => listener());
    },
  };
}
