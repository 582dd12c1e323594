/**
 * The citizens' service (issue 16): the public API of the /bt/gzh pages (/api/public, no staff token,
 * throttled per address, device and phone), Open311 GeoReport v2 (/api/open311/v2) and the console's
 * routes (/api/citizen, guarded by the 市民服务 menus), and the hourly sweep of photos nothing used.
 */
import type { FastifyInstance } from 'fastify';
import { registerConsoleRoutes } from './routes-console';
import { registerFeedbackRoutes } from './routes-feedback';
import { registerOpen311Routes } from './routes-open311';
import { registerPlaceRoutes } from './routes-places';
import { registerReportRoutes } from './routes-reports';
import { registerSessionRoutes } from './routes-session';
import { CitizenService, UNUSED_PHOTO_MS } from './service';

const SWEEP_EVERY_MS = 3_600_000;

export function registerPublicRoutes(app: FastifyInstance): void {
  const svc = new CitizenService(app);
  registerSessionRoutes(app, svc);
  registerReportRoutes(app, svc);
  registerPlaceRoutes(app);
  registerFeedbackRoutes(app, svc);
  registerOpen311Routes(app, svc);
  registerConsoleRoutes(app, svc);

  // Photos uploaded for a submit that was refused, abandoned or never sent: the rows carry their
  // upload time, so a restart loses nothing (the next sweep after start takes what is due); every
  // instance may sweep (a row is deleted only while still unclaimed).
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = svc
      .sweepUnusedPhotos(app.ctx.clock() - UNUSED_PHOTO_MS)
      .then((n) => n && app.log.info({ n }, 'swept unused citizen photos'))
      .catch((err: unknown) => app.log.error({ err }, 'citizen photo sweep'));
  };
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
