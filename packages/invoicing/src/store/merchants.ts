import { precompiled } from '@svc/common';
import type { InvoicingDb } from './database.js';
import { num } from './database.js';
import type { MerchantTable } from './schema.js';

export interface Merchant {
  id: string;
  name: string;
  /** The ledger address that receives this merchant's payments. */
  recipient: string;
  /** Chain ledgers: the account's descriptor `wpkh(<xpub>/0/*)#checksum`, from which each invoice's address is derived. */
  accountKey: string | null;
  settings: MerchantSettings;
  createdAt: number;
}

export interface MerchantSettings {
  /** Validity of a new invoice when the request gives no `expires_min`. */
  defaultExpiryMin: number;
  /** A payment short of the amount by at most this share (basis points: 100 = 1 %) still pays the invoice. */
  toleranceBp: number;
  /** Confirmations a payment needs on a chain ledger before the invoice is paid: 0, 1, 2 or 6. */
  confirmations: number;
}

function toMerchant(row: MerchantTable): Merchant {
  return {
    id: row.id,
    name: row.name,
    recipient: row.recipient,
    accountKey: row.account_key ?? null,
    settings: {
      defaultExpiryMin: num(row.default_expiry_min),
      toleranceBp: num(row.tolerance_bp),
      confirmations: num(row.confirmations ?? 1),
    },
    createdAt: num(row.created_at),
  };
}

export async function insertMerchant(db: InvoicingDb, merchant: Merchant): Promise<void> {
  await db
    .insertInto('merchants')
    .values({
      id: merchant.id,
      name: merchant.name,
      recipient: merchant.recipient,
      default_expiry_min: merchant.settings.defaultExpiryMin,
      tolerance_bp: merchant.settings.toleranceBp,
      confirmations: merchant.settings.confirmations,
      account_key: merchant.accountKey,
      created_at: merchant.createdAt,
    })
    .execute();
}

export async function findMerchant(db: InvoicingDb, id: string): Promise<Merchant | undefined> {
  const query = precompiled(db, 'merchant by id', (d) => d.selectFrom('merchants').selectAll().where('id', '=', id), [
    id,
  ]);
  const [row] = (await db.executeQuery(query)).rows;
  return row ? toMerchant(row) : undefined;
}

export async function listMerchants(db: InvoicingDb): Promise<Merchant[]> {
  const rows = await db.selectFrom('merchants').selectAll().orderBy('created_at').orderBy('id').execute();
  return rows.map(toMerchant);
}

export async function updateMerchant(
  db: InvoicingDb,
  id: string,
  changes: { name?: string; recipient?: string; accountKey?: string; settings?: Partial<MerchantSettings> },
): Promise<boolean> {
  const values: Partial<MerchantTable> = {};
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.recipient !== undefined) values.recipient = changes.recipient;
  if (changes.accountKey !== undefined && changes.accountKey !== (await findMerchant(db, id))?.accountKey) {
    // A new account starts at its first address.
    values.account_key = changes.accountKey;
    values.next_address_index = 0;
  }
  if (changes.settings?.confirmations !== undefined) values.confirmations = changes.settings.confirmations;
  if (changes.settings?.defaultExpiryMin !== undefined) values.default_expiry_min = changes.settings.defaultExpiryMin;
  if (changes.settings?.toleranceBp !== undefined) values.tolerance_bp = changes.settings.toleranceBp;
  if (Object.keys(values).length === 0) return (await findMerchant(db, id)) !== undefined;
  const result = await db.updateTable('merchants').set(values).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Takes the next derivation index of the merchant's account (inside the invoice's transaction). */
export async function takeAddressIndex(db: InvoicingDb, merchantId: string): Promise<number> {
  const row = await db
    .updateTable('merchants')
    .set((eb) => ({ next_address_index: eb('next_address_index', '+', 1) }))
    .where('id', '=', merchantId)
    .returning('next_address_index')
    .executeTakeFirstOrThrow();
  return num(row.next_address_index!) - 1;
}

/**
 * The addresses the watcher follows: every merchant's current address, the address of every open
 * invoice (a merchant may have moved to a new address since), and every address already followed
 * on this ledger (so late payments to an old address are still seen).
 */
export async function listWatchedAddresses(db: InvoicingDb, ledger: string): Promise<string[]> {
  const rows = await db
    .selectFrom('merchants')
    .select('recipient as address')
    .union(db.selectFrom('invoices').select('recipient as address').where('status', '=', 'open'))
    .union(db.selectFrom('ledger_cursors').select('address').where('ledger', '=', ledger))
    .execute();
  return rows.map((r) => r.address).sort();
}
