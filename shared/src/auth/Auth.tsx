// Permission checks for views (spec §6): replaces the Vue button directive.
import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_BUTTONS, hasButton, hasColumn } from '../core/permissions';
import { useSession } from '../session/store';

export interface RouteMeta {
  title: string;
  modelId?: string;
  moduleId?: string;
  isTree?: number | boolean;
  /** the menu entry's type (spec §2: 3 function, 4 dictionary, 5 data report) */
  type?: number;
  fullName?: string;
  icon?: string;
}

const RouteMetaContext = createContext<RouteMeta | null>(null);
export const RouteMetaProvider = RouteMetaContext.Provider;
export const useRouteMeta = (): RouteMeta | null => useContext(RouteMetaContext);

/** Button permission for the current route: true when the button list has the code. */
export function useButtonAuth(code: string = DEFAULT_BUTTONS[0]!): boolean {
  const meta = useRouteMeta();
  const list = useSession((s) => s.permissionList);
  return hasButton(list, meta?.modelId, code);
}

export function useColumnAuth(): (code: string) => boolean {
  const meta = useRouteMeta();
  const list = useSession((s) => s.permissionList);
  return (code: string) => hasColumn(list, meta?.modelId, code);
}

/** Renders children only when the current route's button list has `code`. */
export function Auth({ code, children }: { code: string; children: ReactNode }) {
  return useButtonAuth(code) ? <>{children}</> : null;
}
