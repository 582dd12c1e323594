// What the 'antd' shared chunk holds: the names imported from 'antd' itself, which every signed-in
// page downloads before its first paint, so only the components the console's shell and the
// dashboard render at once. build/shared.cjs refuses a build that imports anything else from
// 'antd' (types excepted): import it by deep path ('antd/es/table') and list it below.
export const shellAntdExports = [
  'App',
  'Avatar',
  'Badge',
  'Button',
  'Col',
  'ConfigProvider',
  'Dropdown',
  'Empty',
  'Input',
  'Layout',
  'Menu',
  'Row',
  'Skeleton',
  'Space',
  'Spin',
  'Tag',
  'Tooltip',
  'Typography',
];

// The antd components shared under their own keys (build/shared.cjs: imported by deep path, kept
// out of the 'antd' chunk every signed-in page loads). The host provides each one, so a remote
// page's Table or DatePicker is the host's copy, bound to the host's ConfigProvider (theme, size,
// locale), even when no host page renders that component. Nothing here is downloaded at start:
// each entry is a lazy chunk, fetched by the first page that renders the component. The build
// refuses a deep antd import missing from this list.
export const sharedAntdComponents = {
  'antd/es/alert': () => import('antd/es/alert'),
  'antd/es/auto-complete': () => import('antd/es/auto-complete'),
  'antd/es/card': () => import('antd/es/card'),
  'antd/es/cascader': () => import('antd/es/cascader'),
  'antd/es/checkbox': () => import('antd/es/checkbox'),
  'antd/es/collapse': () => import('antd/es/collapse'),
  'antd/es/color-picker': () => import('antd/es/color-picker'),
  'antd/es/date-picker': () => import('antd/es/date-picker'),
  'antd/es/descriptions': () => import('antd/es/descriptions'),
  'antd/es/divider': () => import('antd/es/divider'),
  'antd/es/drawer': () => import('antd/es/drawer'),
  'antd/es/flex': () => import('antd/es/flex'),
  'antd/es/form': () => import('antd/es/form'),
  'antd/es/grid': () => import('antd/es/grid'),
  'antd/es/image': () => import('antd/es/image'),
  'antd/es/input-number': () => import('antd/es/input-number'),
  'antd/es/list': () => import('antd/es/list'),
  'antd/es/message': () => import('antd/es/message'),
  'antd/es/modal': () => import('antd/es/modal'),
  'antd/es/popconfirm': () => import('antd/es/popconfirm'),
  'antd/es/popover': () => import('antd/es/popover'),
  'antd/es/progress': () => import('antd/es/progress'),
  'antd/es/radio': () => import('antd/es/radio'),
  'antd/es/rate': () => import('antd/es/rate'),
  'antd/es/result': () => import('antd/es/result'),
  'antd/es/segmented': () => import('antd/es/segmented'),
  'antd/es/select': () => import('antd/es/select'),
  'antd/es/slider': () => import('antd/es/slider'),
  'antd/es/statistic': () => import('antd/es/statistic'),
  'antd/es/switch': () => import('antd/es/switch'),
  'antd/es/table': () => import('antd/es/table'),
  'antd/es/tabs': () => import('antd/es/tabs'),
  'antd/es/time-picker': () => import('antd/es/time-picker'),
  'antd/es/tree': () => import('antd/es/tree'),
  'antd/es/tree-select': () => import('antd/es/tree-select'),
  'antd/es/upload': () => import('antd/es/upload'),
};
