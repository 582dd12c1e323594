/**
 * /api/visualdev (spec §7 Visual development): the models (routes-base.ts) and their runtime and
 * records (routes-records.ts). Who may use a model is one function (access.ts `mayUseModel`), which
 * also lets those who may fill a form draw numbers from the bill rules the form uses, and those who
 * may read a record read the files it holds.
 */
import type { FastifyInstance } from 'fastify';
import { serverFilledFields } from '@lighting/shared/formcore';
import { modelAccess } from './access';
import { registerModelRoutes } from './routes-base';
import { registerDictionaryRoutes } from './routes-dictionary';
import { registerListRoutes } from './routes-list';
import { registerReportRoutes } from './routes-report';
import { registerRecordRoutes } from './routes-records';
import { registerTransferRoutes } from './routes-transfer';
import { formOf, modelsHoldingFile, modelsMentioning } from './store';

export function registerLowcodeRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const access = modelAccess(ctx);
  registerModelRoutes(app, access);
  registerListRoutes(app, access);
  registerTransferRoutes(app, access);
  registerDictionaryRoutes(app);
  registerReportRoutes(app);
  registerRecordRoutes(app, access);

  // a user who may fill (or edit) a model's form may draw the numbers its bill-number fields use
  ctx.billRuleUses.push(async (user, rule) => {
    for (const m of await modelsMentioning(ctx.db, rule)) {
      const uses = serverFilledFields(formOf(m.formData)).some(
        (f) => f.kind === 'billRule' && f.field.__config__.rule === rule,
      );
      if (!uses) continue;
      if (
        (await access.mayUseModel(user, m.id, 'add', 'either')) ||
        (await access.mayUseModel(user, m.id, 'edit', 'either'))
      )
        return true;
    }
    return false;
  });

  // a file a record holds (an upload control's picture or document) is read as the record is
  ctx.fileUses.push(async (user, file) => {
    const models = await modelsHoldingFile(ctx.db, file.name);
    if (!models.length) return null;
    for (const m of models) if (await access.mayUseModel(user, m, 'view')) return true;
    return false;
  });
}
