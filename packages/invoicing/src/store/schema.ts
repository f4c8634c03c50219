/** The invoicing database, table by table, as Kysely sees it. */
export interface ServiceMetaTable {
  key: string;
  value: string;
}

export interface InvoicingDatabase {
  service_meta: ServiceMetaTable;
}
