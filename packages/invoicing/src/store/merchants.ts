import { precompiled } from '@svc/common';
import type { InvoicingDb } from './database.js';
import { needsRowLocks, num } from './database.js';
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

export interface AddressChoice {
  index: number;
  /** Set when an earlier invoice's unused address is given again (its address, derived before). */
  reused?: string;
}

/**
 * The derivation index for a new invoice of the merchant (inside the invoice's transaction). Wallets
 * stop looking for payments after `gapLimit` unused addresses in a row; so once that many addresses
 * after the last one paid are handed out, the address of an earlier invoice is given again when
 * that invoice ended unpaid, its late window is over, no payment ever reached the address and no
 * other invoice holds it. Otherwise the next index is taken.
 */
export async function takeAddressIndex(
  db: InvoicingDb,
  merchantId: string,
  options: { gapLimit: number; endedBefore: number },
): Promise<AddressChoice> {
  let select = db
    .selectFrom('merchants')
    .select(['next_address_index', 'used_address_index'])
    .where('id', '=', merchantId);
  // Concurrent creations on PostgreSQL take indexes one after the other.
  if (needsRowLocks(db)) select = select.forUpdate();
  const merchant = await select.executeTakeFirstOrThrow();
  const next = num(merchant.next_address_index ?? 0);
  const used = num(merchant.used_address_index ?? -1);
  if (next - used - 1 >= options.gapLimit) {
    const endedSeconds = Math.floor(options.endedBefore / 1000);
    const free = await db
      .selectFrom('invoices as i')
      .select(['i.address_index', 'i.recipient'])
      .where('i.merchant_id', '=', merchantId)
      .where('i.address_index', '>', used)
      .where('i.expires_at', '<', endedSeconds)
      .where('i.status', '=', 'expired')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('invoices as j')
              .select('j.id')
              .whereRef('j.recipient', '=', 'i.recipient')
              .where((w) => w.or([w('j.expires_at', '>=', endedSeconds), w('j.status', '!=', 'expired')])),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('ledger_payments as p').select('p.tx_id').whereRef('p.to_address', '=', 'i.recipient'),
          ),
        ),
      )
      .orderBy('i.address_index')
      .limit(1)
      .executeTakeFirst();
    if (free && free.address_index !== null && free.address_index !== undefined) {
      return { index: num(free.address_index), reused: free.recipient };
    }
  }
  await db
    .updateTable('merchants')
    .set({ next_address_index: next + 1 })
    .where('id', '=', merchantId)
    .execute();
  return { index: next };
}

/** Records that the address at `index` received a payment (the gap limit counts from the highest such index). */
export async function markAddressUsed(db: InvoicingDb, merchantId: string, index: number): Promise<void> {
  await db
    .updateTable('merchants')
    .set({ used_address_index: index })
    .where('id', '=', merchantId)
    .where('used_address_index', '<', index)
    .execute();
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
