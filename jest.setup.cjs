// Browser APIs jsdom lacks but our libraries use (react-router needs TextEncoder).
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// jsdom (the React components' tests): antd's responsive helpers read matchMedia (no query ever
// matches), and its popups and popovers measure themselves with ResizeObserver (never called back).
if (typeof window !== 'undefined') {
  if (typeof window.matchMedia !== 'function')
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }),
    });
  if (typeof globalThis.ResizeObserver === 'undefined') {
    class NoResize {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoResize });
  }
}
