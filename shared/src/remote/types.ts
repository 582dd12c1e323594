// The contract between the host and a remote's `./routes` expose.
import type { ComponentType } from 'react';
import type { RouteMeta } from '../auth/Auth';

export interface RemotePageProps {
  /** The menu entry's urlAddress, e.g. 'permission/user'. */
  urlAddress: string;
  meta: RouteMeta;
}

export type RemotePageLoader = () => Promise<{ default: ComponentType<RemotePageProps> }>;

export interface RemoteRoutes {
  /** urlAddress prefixes this remote can render (used by its standalone app). */
  prefixes: string[];
  /** urlAddress → lazily loaded page; a '*' key is the fallback. */
  pages: Record<string, RemotePageLoader>;
  /**
   * Fixed routes of spec §2 this remote renders without a menu entry (e.g. 'previewModel'): the
   * host routes them itself; the standalone app adds them beside the menu's pages.
   */
  fixed?: string[];
}
