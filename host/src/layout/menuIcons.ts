// The icon a menu section shows (collapsed classic sidebar, plain layout, functional top menu): from
// the menu's icon field (JNPF's 'icon-ym icon-ym-<name>' classes), so sections an administrator adds
// get one too. Pure: names an icon; ./MenuIcon.tsx draws it.

export const MENU_ICON_KEYS = [
  'code',
  'flow',
  'chat',
  'permission',
  'setting',
  'data',
  'map',
  'citizen',
  'screen',
  'chart',
  'team',
  'help',
  'form',
  'section',
] as const;
export type MenuIconKey = (typeof MENU_ICON_KEYS)[number];

/** Known icon names (the part after 'icon-ym-'). */
const BY_NAME: Record<string, MenuIconKey> = {
  onlineDev: 'code',
  webDesign: 'form',
  workFlow: 'flow',
  chat: 'chat',
  contacts: 'chat',
  permission: 'permission',
  authorize: 'permission',
  role: 'permission',
  system: 'setting',
  systemData: 'data',
  dictionary: 'data',
  interface: 'data',
  map: 'map',
  sysArea: 'map',
  wechat: 'citizen',
  screen: 'screen',
  report: 'chart',
  user: 'team',
  organization: 'team',
  department: 'team',
  position: 'team',
  online: 'team',
  help: 'help',
};

/** Families by prefix, for names not listed (e.g. 'flowTodo', 'generator-form', 'extend-map'). */
const BY_PREFIX: [string, MenuIconKey][] = [
  ['flow', 'flow'],
  ['generator', 'form'],
  ['report', 'chart'],
  ['tree-user', 'team'],
  ['tree-position', 'team'],
  ['extend-map', 'map'],
  ['sys', 'setting'],
];

/** The icon key for a menu's icon field ('icon-ym icon-ym-map' → 'map'); 'section' when unknown. */
export function menuIconKey(icon: string | null | undefined): MenuIconKey {
  const name = /(?:^|\s)icon-ym-([\w-]+)/.exec(icon ?? '')?.[1];
  if (!name) return 'section';
  const known = BY_NAME[name];
  if (known) return known;
  return BY_PREFIX.find(([prefix]) => name.startsWith(prefix))?.[1] ?? 'section';
}
