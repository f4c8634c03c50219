export { buildApp } from './app.js';
export { type InvoicingConfig, loadConfig } from './config.js';
export { InvoicingError } from './domain/errors.js';
export type { Invoice, InvoiceFlags, InvoiceStatus, TimelineEntry } from './domain/invoice.js';
export type { Ledger, LedgerPayment } from './ledger/ledger.js';
export { SimulatedLedger } from './ledger/simulated.js';
export { type Invoicing, openInvoicing, startBackgroundWork } from './runtime.js';
export type { InvoiceListener } from './service/invoice-events.js';
export {
  type AuthenticatedKey,
  type CreateInvoiceRequest,
  type CreateMerchantRequest,
  InvoicingService,
} from './service/invoicing-service.js';
export { type PublicInvoice, publicInvoiceJson } from './service/public-invoice.js';
export type { ApiKeyInfo } from './store/api-keys.js';
export { type InvoicingStore, openInvoicingStore } from './store/database.js';
export type { RecordedPayment } from './store/ledger-payments.js';
export type { Merchant, MerchantSettings } from './store/merchants.js';
