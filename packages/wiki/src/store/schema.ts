/** The wiki database, table by table, as Kysely sees it. */
export interface ServiceMetaTable {
  key: string;
  value: string;
}

export interface WikiDatabase {
  service_meta: ServiceMetaTable;
}
