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

/** The bytes of a stored upload when the database keeps them (FILE_STORE=database; files/blob-database.ts). */
export interface FileBlobTable {
  /** `<type>/<name>` (files/blob-key.ts). */
  key: string;
  data: Buffer;
  size: number;
  createdAt: number;
}

export interface FileTables {
  file: FileTable;
  file_blob: FileBlobTable;
}
