/** Row types of the kernel's tables (composed into `Database` by src/database.ts). */

/**
 * One request key a caller sent with a write it may repeat (a double click, a retry after a lost
 * answer, a reconnect): the first answer, stored with the write in one transaction, is the answer to
 * every repeat. `owner` is who sent it (`u:<userId>` for staff, `d:<deviceId>` for a citizen's phone,
 * `k:<keyId>` for an Open311 client); `kind` names the call (`lowcode.record`, `flow.approve`…), so a
 * key reused for another call is refused.
 */
export interface RequestKeyTable {
  owner: string;
  key: string;
  kind: string;
  /** the first answer (JSON text) */
  answer: string;
  createdAt: number;
}

export interface KernelTables {
  request_key: RequestKeyTable;
}
