/** The portal's tables, as Kysely sees them. Times are ms since the epoch. */
type Int64 = bigint | number;

export interface MerchantLoginTable {
  merchant_id: string;
  /** Lower-cased; unique. */
  email: string;
  /** scrypt, see portal/password.ts. */
  password_hash: string;
  created_at: Int64;
  updated_at: Int64;
}

export interface PortalSessionTable {
  /** SHA-256 of the session token, hex: the token itself lives only in the browser's cookie. */
  id_hash: string;
  merchant_id: string;
  created_at: Int64;
  last_seen_at: Int64;
  expires_at: Int64;
}

export interface PortalDatabase {
  merchant_logins: MerchantLoginTable;
  portal_sessions: PortalSessionTable;
}
