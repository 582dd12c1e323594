// Counts React renderers on a page: every react-dom copy registers itself with the DevTools hook,
// so a stub hook installed before any script runs sees each copy once. Pass to addInitScript.
export function installReactCounter() {
  const renderers = [];
  window.__reactRenderers = renderers;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      renderers.push(renderer.version ?? '?');
      return renderers.length;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}
