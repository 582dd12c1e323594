/**
 * A published list's spreadsheets (spec §7 OnlineDev): `POST Actions/Export` streams the filtered,
 * sorted records as .xlsx (display values of the columns the caller may see), `GET Template` is the
 * import template (the form's importable fields, a note on each header saying how to type it),
 * `POST Actions/Import` reads a filled template and adds its rows — all or nothing: when any row
 * is refused, nothing is written and every refused row is reported (row number, field, message).
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type ExcelJSModule from 'exceljs';
import { authOf } from '../context';
import { badRequest, ok } from '../http/envelope';
import { readUpload } from '../http/upload';
import { typed } from '../http/typed';
import { idemKeyField, newId, priorAnswer, rememberAnswer, rowInScope, userKey } from '../kernel';
import { recordScope } from './scope';
import type { ModelAccess } from './access';
import { slotsInTransaction } from './keys';
import { enabledUserNames, organizeNames, positionNames } from './people-store';
import { keyCount, keyIds } from './record-store';
import { optionLoader } from './options';
import { runtimeVersion } from './publish';
import { listFilterProps, listScope, shownColumns, shownRows } from './routes-list';
import { loadModel, versionForm } from './store';
import { checkRecord, completeRecord, insertRecord } from './submission';
import {
  IMPORT_FILE_MAX,
  IMPORT_ROWS_MAX,
  cellValue,
  importColumns,
  matchHeaders,
  rowErrors,
  type ImportError,
  type Lookups,
} from './transfer-rules';
import { answers, fileAnswer } from '../http/response';
import { LOWCODE_ANSWERS } from './responses';

const ONLINE = '/api/visualdev/OnlineDev';
const idField = { type: 'string', minLength: 1, maxLength: 64 } as const;
const modelParams = { type: 'object', required: ['modelId'], properties: { modelId: idField } } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Records read, shown and written per round of an export. */
const EXPORT_CHUNK = 1000;
/** Record ids read (in the list's order) per query of an export: few queries, little memory. */
const EXPORT_IDS = 10_000;

/** exceljs is large: loaded on the first spreadsheet call, not with the server. */
const excel = async (): Promise<typeof ExcelJSModule> =>
  ((await import('exceljs')) as unknown as { default?: typeof ExcelJSModule }).default ??
  ((await import('exceljs')) as unknown as typeof ExcelJSModule);

/** 'name_20260131083000.xlsx' as an attachment, the name percent-encoded (RFC 6266). */
function attachment(name: string): string {
  const safe = name.replace(/[\\/:*?"<>|\r\n]+/g, '_').trim() || 'export';
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(safe)}.xlsx`;
}

const stamp = (ms: number): string =>
  new Date(ms + 8 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);

export function registerTransferRoutes(app: FastifyInstance, access: ModelAccess): void {
  const r = typed(app);
  const ctx = app.ctx;
  const db = ctx.db;

  r.post(
    `${ONLINE}/:modelId/Actions/Export`,
    {
      config: {
        open: 'checked in the handler: mayUseModel export (btn_download); columns by the column grants',
      },
      schema: {
        params: modelParams,
        body: { type: ['object', 'null'], additionalProperties: false, properties: listFilterProps },
        response: answers(fileAnswer(XLSX, 'the records as a spreadsheet (xlsx), streamed')),
      } as const,
    },
    async (req, reply) => {
      const { user } = authOf(req);
      const scope = await listScope(ctx, access, user, req.params.modelId, 'export', req.body ?? {});
      const columns = shownColumns(scope.lc.cd, scope.columns);
      const total = await keyCount(db, scope);
      const { stream } = await excel();
      const out = new PassThrough();
      const book = new stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
      const sheet = book.addWorksheet(scope.m.fullName.slice(0, 31) || 'Sheet1');
      sheet.columns = columns.map((c) => ({
        header: c.label,
        key: c.prop,
        width: Math.max(10, Math.min(60, Math.round((c.width ?? 120) / 7))),
      }));
      // rows are written while the client reads: one chunk of records in memory at a time
      void (async () => {
        try {
          const props = columns.map((c) => c.prop);
          for (let offset = 0; offset < total; offset += EXPORT_IDS) {
            const ids = await keyIds(db, scope, EXPORT_IDS, offset);
            if (!ids.length) break;
            for (let i = 0; i < ids.length; i += EXPORT_CHUNK)
              for (const row of await shownRows(ctx, ids.slice(i, i + EXPORT_CHUNK), props))
                sheet.addRow(columns.map((c) => cellOf(row[c.prop]))).commit();
          }
          sheet.commit();
          await book.commit();
        } catch (e) {
          out.destroy(e instanceof Error ? e : new Error(String(e)));
        }
      })();
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', attachment(`${scope.m.fullName}_${stamp(ctx.clock())}`))
        .header('X-Total-Count', String(total))
        .header('Cache-Control', 'no-store')
        .send(out);
    },
  );

  r.get(
    `${ONLINE}/:modelId/Template`,
    {
      config: { open: 'checked in the handler: mayUseModel import (btn_upload)' },
      schema: {
        params: modelParams,
        querystring: { type: 'object', properties: { preview: listFilterProps.preview } },
        response: answers(fileAnswer(XLSX, 'the import template (xlsx)')),
      } as const,
    },
    async (req, reply) => {
      const m = await loadModel(db, req.params.modelId);
      await access.assertMayUse(authOf(req).user, m, 'import');
      if (m.version < 1) throw badRequest('modelId: 该功能尚未设计表单');
      const { form } = await versionForm(db, m.id, runtimeVersion(m, req.query.preview === 1));
      const cols = importColumns(form);
      if (!cols.length) throw badRequest('modelId: 该表单没有可导入的字段');
      const ExcelJS = await excel();
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet(m.fullName.slice(0, 31) || 'Sheet1');
      sheet.columns = cols.map((c) => ({
        header: c.header,
        key: c.key,
        width: Math.max(12, c.header.length * 2 + 4),
      }));
      const header = sheet.getRow(1);
      header.font = { bold: true };
      cols.forEach((c, i) => {
        if (c.hint) header.getCell(i + 1).note = c.hint;
      });
      const buffer = Buffer.from(await book.xlsx.writeBuffer());
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', attachment(`${m.fullName}_导入模板`))
        .header('Cache-Control', 'no-store')
        .send(buffer);
    },
  );

  r.post(
    `${ONLINE}/:modelId/Actions/Import`,
    {
      config: {
        open: 'checked in the handler: mayUseModel import (btn_upload)',
        bodyKind: 'multipart',
      },
      bodyLimit: IMPORT_FILE_MAX + 64 * 1024,
      schema: {
        params: modelParams,
        querystring: {
          type: 'object',
          properties: { idemKey: idemKeyField, preview: listFilterProps.preview },
        },
        response: answers(LOWCODE_ANSWERS.imported),
      } as const,
    },
    async (req) => {
      const { user } = authOf(req);
      const m = await loadModel(db, req.params.modelId);
      await access.assertMayUse(user, m, 'import');
      if (m.version < 1) throw badRequest('modelId: 该功能尚未设计表单');
      const key = req.query.idemKey;
      const prior = await priorAnswer<string>(db, userKey(user.id, key, 'lowcode.import'));
      if (prior) return ok({ total: Number(prior), imported: Number(prior), errors: [] }, '导入成功');
      const { data } = await readUpload(req, {
        maxBytes: IMPORT_FILE_MAX,
        fields: 2,
        tooLarge: `file: 文件大小超过${IMPORT_FILE_MAX / 1024 / 1024}MB`,
      });
      // an .xlsx is a zip: told by its bytes, never by its name
      if (data.length < 4 || data.readUInt32LE(0) !== 0x04034b50) throw badRequest('file: 请上传 .xlsx 文件');
      const version = runtimeVersion(m, req.query.preview === 1);
      const { form } = await versionForm(db, m.id, version);
      const cols = importColumns(form);
      const scope = await recordScope(ctx, user, m.id);
      const ExcelJS = await excel();
      const book = new ExcelJS.Workbook();
      try {
        await book.xlsx.load(data as unknown as ArrayBuffer);
      } catch {
        throw badRequest('file: 无法读取该文件，请使用下载的模板');
      }
      const sheet = book.worksheets[0];
      if (!sheet) throw badRequest('file: 文件中没有工作表');
      const headerValues = (sheet.getRow(1).values as unknown[]).slice(1).map(cellText);
      const matched = matchHeaders(headerValues, cols);
      if (!matched.ok) throw badRequest(`file: ${matched.message}`);

      // every row read and checked as a submission would be, every problem of every row listed
      const now = ctx.clock();
      const prepared: Array<{ row: number; values: Record<string, unknown> }> = [];
      const errors: ImportError[] = [];
      const lookups = await lookupsFor(
        cols.map((c) => c.field),
        ctx,
      );
      let total = 0;
      for (let n = 2; n <= sheet.rowCount; n++) {
        const cells = sheet.getRow(n).values as unknown[];
        const present = [...matched.byIndex.keys()].some((i) => {
          const v = cellRaw(cells[i + 1]);
          return v !== undefined && v !== null && String(v).trim() !== '';
        });
        if (!present) continue;
        if (++total > IMPORT_ROWS_MAX) throw badRequest(`file: 一次最多导入 ${IMPORT_ROWS_MAX} 行`);
        const values: Record<string, unknown> = {};
        const cellErrors: Array<{ key: string; message: string }> = [];
        for (const [i, col] of matched.byIndex) {
          const res = cellValue(col.field, cellRaw(cells[i + 1]), lookups.lookups);
          if (!res.ok) cellErrors.push({ key: col.key, message: res.message });
          else if (res.value !== undefined) values[col.key] = res.value;
        }
        const checked = await checkRecord(ctx, form, values, null, user, lookups.options);
        const found = rowErrors(n, cellErrors, checked.problems, cols);
        // a row the caller could not see once imported is not theirs to add (data permissions)
        if (
          !found.length &&
          scope &&
          !rowInScope(scope.predicate, {
            ...checked.clean,
            creatorUserId: user.id,
            organizeId: user.organizeId,
          })
        )
          found.push({ row: n, field: '', message: '此行不在您的数据权限内' });
        if (found.length) errors.push(...found);
        // once a row is refused nothing is imported: the rest are only checked
        else if (!errors.length)
          prepared.push({ row: n, values: await completeRecord(ctx, form, checked.clean, null, user, now) });
      }
      if (!total) throw badRequest('file: 模板中没有数据');
      if (errors.length) {
        errors.sort((a, b) => a.row - b.row);
        return ok(
          { total, imported: 0, errors },
          `导入失败：${new Set(errors.map((e) => e.row)).size} 行有错误，未导入任何数据`,
        );
      }
      await db.transaction().execute(async (trx) => {
        const slots = await slotsInTransaction(trx, ctx.dialect, m.id);
        for (const p of prepared) {
          await insertRecord(trx, slots, {
            id: newId(),
            modelId: m.id,
            version,
            form,
            values: p.values,
            user,
            now,
          });
        }
        await rememberAnswer(trx, userKey(user.id, key, 'lowcode.import'), String(prepared.length), now);
      });
      return ok(
        { total: prepared.length, imported: prepared.length, errors: [] },
        `导入成功：${prepared.length} 条`,
      );
    },
  );
}

/** An exported cell: numbers stay numbers, everything else its text. */
function cellOf(v: unknown): string | number {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** A read cell's value: rich text and formulas as their text or result; dates kept. */
function cellRaw(v: unknown): unknown {
  if (v && typeof v === 'object' && !(v instanceof Date)) {
    const o = v as { richText?: Array<{ text: string }>; result?: unknown; text?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((t) => t.text).join('');
    if ('result' in o) return o.result;
    if (typeof o.text === 'string') return o.text;
  }
  return v;
}
const cellText = (v: unknown): string => {
  const raw = cellRaw(v);
  return raw === null || raw === undefined ? '' : String(raw);
};

/** Names → ids for the sheet's people, units and positions (one query each), and the options. */
async function lookupsFor(
  fields: Parameters<Lookups['options']>[0][],
  ctx: Parameters<typeof optionLoader>[0],
): Promise<{ lookups: Lookups; options: ReturnType<typeof optionLoader> }> {
  const options = optionLoader(ctx);
  await options.load(fields);
  const keys = new Set(fields.map((f) => f.__config__.jnpfKey));
  const unique = (pairs: Array<[string, string]>) => {
    const m = new Map<string, string | null>();
    for (const [k, id] of pairs) m.set(k, m.has(k) && m.get(k) !== id ? null : id);
    return m;
  };
  const users = keys.has('userSelect') ? await enabledUserNames(ctx.db) : [];
  const byAccount = new Map(users.map((u) => [u.account, u.id]));
  const byName = unique(users.map((u) => [u.realName, u.id]));
  const orgs = keys.has('depSelect') || keys.has('organizeSelect') ? await organizeNames(ctx.db) : [];
  const orgById = new Map(orgs.map((o) => [o.id, o]));
  const orgByName = unique(orgs.map((o) => [o.fullName, o.id]));
  const positions = keys.has('posSelect') ? await positionNames(ctx.db) : [];
  const posByName = unique(positions.map((p) => [p.fullName, p.id]));
  return {
    options,
    lookups: {
      options: (f) => options.get(f) ?? [],
      user: (t) => byAccount.get(t) ?? byName.get(t) ?? undefined,
      position: (t) => posByName.get(t) ?? undefined,
      organize: (t) => {
        const id = orgByName.get(t);
        if (!id) return undefined;
        const path: string[] = [];
        for (let at: string | null | undefined = id, hops = 0; at && hops < 50; hops++) {
          path.unshift(at);
          at = orgById.get(at)?.parentId;
        }
        return { id, path };
      },
    },
  };
}
