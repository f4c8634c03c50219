export { type InvoicingConfig, loadConfig } from './config.js';
export { buildApp } from './http/app.js';
export { type InvoicingStore, openInvoicingStore } from './store/database.js';
