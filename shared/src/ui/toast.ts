// A bridge so non-React code (the HTTP client, the socket) can show antd toasts that follow the
// app's theme: the provider registers antd's contextual message API here.
export type Toaster = (
  kind: 'error' | 'warning' | 'success' | 'info',
  text: string,
  seconds?: number,
) => void;

let toaster: Toaster = (kind, text) => {
  // Before the provider mounts (or in tests) fall back to the console.
  console[kind === 'error' ? 'error' : 'log'](text);
};

export function setToaster(t: Toaster): void {
  toaster = t;
}

export function toast(kind: Parameters<Toaster>[0], text: string, seconds = 1.5): void {
  toaster(kind, text, seconds);
}
