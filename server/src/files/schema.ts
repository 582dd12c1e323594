/** Row type of the files domain's table: one row per stored upload. */

export interface FileTable {
  id: string;
  type: string;
  /** Stored (random) file name, unique within its type. */
  name: string;
  originalName: string;
  mime: string;
  size: number;
  ownerId: string;
  createdAt: number;
}

export interface FileTables {
  file: FileTable;
}
