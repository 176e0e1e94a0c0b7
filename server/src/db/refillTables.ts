/** Table types of the refills migration (010_refills). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RefillTables {}
