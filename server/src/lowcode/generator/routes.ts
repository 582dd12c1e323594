/**
 * /api/visualdev/Generater (spec §7 Visual development: Generater): the code generator, guarded by
 * its menu (generator.webForm; downloads need its btn_download too).
 *
 * - `GET Generater/AreasName`: the areas a generated page may live under (the first segments of the
 *   console's page addresses), for the page's urlAddress `<area>/<className>`.
 * - `GET Generater/Models`: the form + list models to generate from (keyword, paging), with the
 *   version their published pages use.
 * - `POST Generater/{id}/Actions/CodePreview`: the folder tree of the generated remote.
 * - `POST Generater/{id}/Actions/DownloadCode`: the same files as a zip, streamed.
 *
 * The generation itself is pure (generate.ts); this file loads the model's version and answers.
 */
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { normalizeColumnData } from '@lighting/shared/formcore';
import { paged } from '../../db/paging';
import { contains } from '../../db/search';
import { badRequest, notFound, ok, page } from '../../http/envelope';
import { requirePermission } from '../../auth';
import { typed } from '../../http/typed';
import { keywordQuery, pagingQuery } from '../../http/validation';
import { descriptionField, idParams } from '../../kernel';
import { menuModuleId } from '../rules';
import { formOf } from '../store';
import {
  folderOf,
  generateFiles,
  generateRemote,
  type GeneratorModel,
  type GeneratorOptions,
} from './generate';
import { DOWNLOAD_BUTTON, GENERATOR_MENU } from './menus';
import {
  CLASS_NAME_PATTERN,
  MODULE_PATTERN,
  RESERVED_REMOTE_NAMES,
  defaultClassName,
  pascal,
  remoteNameOf,
  urlAddressOf,
} from './names';
import { WORKSPACE_VERSIONS } from './versions';
import { answers, fileAnswer } from '../../http/response';
import { LOWCODE_ANSWERS } from '../responses';

const GEN = '/api/visualdev/Generater';
/** The area of a model never published to a menu: the runtime pages' own (spec §2 menu type 3). */
const DEFAULT_MODULE = 'dynamicModel';
/** Menu types whose urlAddress is a console page (2 page, 3–5 the low-code runtime pages). */
const PAGE_TYPES = [2, 3, 4, 5];

const generateBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    module: {
      type: 'string',
      maxLength: 40,
      pattern: MODULE_PATTERN,
      'x-msg': 'a letter, then letters or digits (≤ 40)',
    },
    className: {
      type: 'string',
      maxLength: 40,
      pattern: CLASS_NAME_PATTERN,
      'x-msg': 'an upper-case letter, then letters or digits (2–40)',
    },
    description: descriptionField,
    version: { type: 'integer', minimum: 1, maximum: 1_000_000_000 },
  },
} as const;

interface GenerateBody {
  module?: string;
  className?: string;
  description?: string;
  version?: number;
}

export function registerGeneratorRoutes(app: FastifyInstance): void {
  const r = typed(app);
  const db = app.ctx.db;

  /** The urlAddress of the model's first enabled function menu, when it has one. */
  const publishedAddress = async (modelId: string): Promise<string | null> => {
    const menus = await db
      .selectFrom('menu')
      .select(['urlAddress', 'propertyJson'])
      .where('type', '=', 3)
      .where('enabledMark', '=', 1)
      .where(contains('propertyJson', modelId))
      .orderBy('sortCode')
      .orderBy('id')
      .execute();
    return menus.find((m) => menuModuleId(m.propertyJson) === modelId)?.urlAddress ?? null;
  };

  /**
   * The model at `version` (default: its current one) and the options with their defaults: the area
   * and class name of its published page's address (so the generated remote can take that menu
   * entry over), else `dynamicModel` and the class name from its code.
   */
  const load = async (
    id: string,
    body: GenerateBody | null,
  ): Promise<{ model: GeneratorModel; options: GeneratorOptions }> => {
    const m = await db
      .selectFrom('visualdev_base')
      .select(['id', 'fullName', 'enCode', 'type', 'description', 'version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!m) throw notFound('功能不存在');
    const version = body?.version ?? Number(m.version);
    const v = await db
      .selectFrom('lowcode_model_version')
      .select(['formData', 'columnData'])
      .where('modelId', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (!v) throw badRequest(`version: 功能「${m.fullName}」没有第 ${version} 版`);
    const form = formOf(v.formData);
    if (!form.fields.length) throw badRequest(`id: 功能「${m.fullName}」的第 ${version} 版还没有设计表单`);
    // the generated page is a list with its form: a model without a designed list has none to call
    const list = normalizeColumnData(v.columnData);
    if (m.type !== 2 || !list)
      throw badRequest(`id: 功能「${m.fullName}」的第 ${version} 版没有列表，请先在功能设计中设计列表`);
    const address = await publishedAddress(id);
    const [area, page] = address?.split('/') ?? [];
    const fromMenu = address && area && page && new RegExp(MODULE_PATTERN).test(area) ? { area, page } : null;
    const className =
      body?.className ??
      (fromMenu && new RegExp(CLASS_NAME_PATTERN).test(pascal(fromMenu.page))
        ? pascal(fromMenu.page)
        : defaultClassName(m.enCode));
    if (RESERVED_REMOTE_NAMES.has(remoteNameOf(className)))
      throw badRequest(`className: "${className}" 是控制台自身的远程模块名，请换一个`);
    return {
      model: {
        id: m.id,
        fullName: m.fullName,
        enCode: m.enCode,
        description: m.description ?? '',
        version,
        form,
        list,
      },
      options: {
        module: body?.module ?? fromMenu?.area ?? DEFAULT_MODULE,
        className,
        ...(body?.description ? { description: body.description } : {}),
      },
    };
  };

  r.get(
    `${GEN}/AreasName`,
    {
      onRequest: requirePermission({ menu: GENERATOR_MENU }),
      schema: { querystring: { type: 'object', properties: {} }, response: answers(LOWCODE_ANSWERS.areas) },
    },
    async () => {
      const rows = await db
        .selectFrom('menu')
        .select('urlAddress')
        .where('type', 'in', PAGE_TYPES)
        .where('urlAddress', '!=', '')
        .execute();
      const areas = new Set<string>([DEFAULT_MODULE]);
      const pattern = new RegExp(MODULE_PATTERN);
      for (const row of rows) {
        const area = row.urlAddress.replace(/^\/+/, '').split('/')[0] ?? '';
        if (pattern.test(area)) areas.add(area);
      }
      return ok({ list: [DEFAULT_MODULE, ...[...areas].filter((a) => a !== DEFAULT_MODULE).sort()] });
    },
  );

  r.get(
    `${GEN}/Models`,
    {
      onRequest: requirePermission({ menu: GENERATOR_MENU }),
      schema: {
        querystring: {
          type: 'object',
          properties: { keyword: keywordQuery, ...pagingQuery },
        },
        response: answers(LOWCODE_ANSWERS.generatorModels),
      } as const,
    },
    async (req) => {
      const q = req.query;
      // form + list models: the generated page is a list with its form
      let base = db.selectFrom('visualdev_base as m').where('m.type', '=', 2);
      if (q.keyword) {
        const kw = q.keyword;
        base = base.where((eb) => eb.or([contains('m.fullName', kw), contains('m.enCode', kw)]));
      }
      const { list, pagination } = await paged(base, q, (b) =>
        b
          .select(['m.id', 'm.fullName', 'm.enCode', 'm.type', 'm.state', 'm.version', 'm.releasedVersion'])
          .orderBy('m.sortCode')
          .orderBy('m.id'),
      );
      return page(
        list.map((m) => ({
          ...m,
          version: Number(m.version),
          releasedVersion: m.releasedVersion === null ? null : Number(m.releasedVersion),
        })),
        pagination,
      );
    },
  );

  r.post(
    `${GEN}/:id/Actions/CodePreview`,
    {
      onRequest: requirePermission({ menu: GENERATOR_MENU }),
      schema: { params: idParams, body: generateBody, response: answers(LOWCODE_ANSWERS.codePreview) },
    },
    async (req) => {
      const { model, options } = await load(req.params.id, req.body);
      const tree = await generateRemote(model, options, WORKSPACE_VERSIONS);
      return ok({
        ...tree,
        version: model.version,
        module: options.module,
        className: options.className,
        name: remoteNameOf(options.className),
        urlAddress: urlAddressOf(options.module, options.className),
      });
    },
  );

  r.post(
    `${GEN}/:id/Actions/DownloadCode`,
    {
      onRequest: requirePermission({ menu: GENERATOR_MENU, button: DOWNLOAD_BUTTON }),
      schema: {
        params: idParams,
        body: generateBody,
        response: answers(fileAnswer('application/zip', 'the generated remote (zip)')),
      },
    },
    async (req, reply) => {
      const { model, options } = await load(req.params.id, req.body);
      const files = await generateFiles(model, options, WORKSPACE_VERSIONS);
      const folder = folderOf(options.className);
      // Stored entries (source files are small): the zip's size is known before the first byte, so
      // the page shows true progress from Content-Length.
      const zip = new yazl.ZipFile();
      const mtime = new Date();
      for (const f of files)
        zip.addBuffer(Buffer.from(f.content, 'utf8'), `${folder}/${f.path}`, { mtime, compress: false });
      // yazl calls back with the total size (-1 when unknown); @types/yazl 3.3 declares no argument
      const end = zip.end.bind(zip) as (o: object, done: (size: number) => void) => void;
      const size = await new Promise<number>((resolve) => end({}, resolve));
      reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${folder}-v${model.version}.zip"`)
        .header('Cache-Control', 'no-store')
        .header('X-Files', String(files.length));
      if (size > 0) reply.header('Content-Length', String(size));
      return reply.send(zip.outputStream);
    },
  );
}
