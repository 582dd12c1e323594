/** The files domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { fileBlobs, filesInit } from './migration';
import { registerFileRoutes } from './routes';

export const filesModule: DomainModule = {
  name: 'files',
  migrations: { '0001_init': filesInit, '0023_file_blobs': fileBlobs },
  routes: registerFileRoutes,
};
