/** The platform domain's public face: health, runtime config, the API's own documentation. */
export { DOCS_PREFIX, registerApiDocs } from './api-docs';
