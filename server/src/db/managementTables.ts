/** Table types of the management migration (009_management). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ManagementTables {}
