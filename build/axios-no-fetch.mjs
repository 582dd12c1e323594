// Stands in for axios's fetch adapter (lib/adapters/fetch.js) in every build: the console's HTTP
// client (shared/src/http/client.ts) runs on axios's XMLHttpRequest adapter, the first of its
// default list ['xhr', 'http', 'fetch'] in a browser, and never asks for 'fetch'. The fetch adapter
// and what only it needs (proxy rules, data-URL size estimates) were a third of axios (about 6 KB
// gzip on every page, /login too). Asking for it now fails as "not supported by the environment".
export const getFetch = () => false;
export default false;
