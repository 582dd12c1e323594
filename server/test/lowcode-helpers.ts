// What the low-code server tests share: the routes and the seeded category, and the designer's
// field shape (design/lowcode.md) for building forms.

export const BASE = '/api/visualdev/Base';
export const ONLINE = '/api/visualdev/OnlineDev';
export const CATEGORY = 'dt-visualDevCategory:ops';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test fixtures are plain JSON
export type J = any;

/** A field in our JSON shape (what the designer saves); a layout control has no vModel. */
export const field = (
  jnpfKey: string,
  vModel: string | null,
  label: string,
  config: J = {},
  props: J = {},
): J => ({
  __config__: { jnpfKey, label, ...config },
  ...(vModel ? { __vModel__: vModel } : {}),
  ...props,
});
