/**
 * GeoReport v2's XML (the format the specification requires; JSON is the city's choice): the same
 * answers the JSON routes give, written as the specification's documents. Pure.
 *
 *   services.xml          <services><service>…</service></services>
 *   services/{code}.xml   <service_definition>…<attributes><attribute>…</attribute></attributes></service_definition>
 *   requests.xml (GET)    <service_requests><request>…</request></service_requests>
 *   requests.xml (POST)   <service_requests><request><service_request_id>…</service_request_id>…</request></service_requests>
 *   discovery.xml         <discovery>…<endpoints><endpoint>…<formats><format>…</format></formats></endpoint></endpoints></discovery>
 *   an error              <errors><error><code>404</code><description>…</description></error></errors>
 */

import { XMLBuilder } from 'fast-xml-parser';

export type Open311Format = 'json' | 'xml';

/** The element each list's items are written as (a list element's name → its item's). */
const ITEM: Readonly<Record<string, string>> = {
  services: 'service',
  service_requests: 'request',
  attributes: 'attribute',
  values: 'value',
  endpoints: 'endpoint',
  formats: 'format',
  errors: 'error',
};

export const XML_CONTENT_TYPE = 'text/xml; charset=utf-8';

/** Text as XML character data: characters XML 1.0 cannot hold dropped (the builder escapes markup). */
export function xmlText(s: string): string {
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids
  return s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
}

/**
 * Our answer as the builder's input: a list becomes its item element repeated (ITEM), a scalar its
 * text (null an empty element, a boolean true / false).
 */
function builderInput(name: string, value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    const item = ITEM[name] ?? 'item';
    return value.length ? { [item]: value.map((v) => builderInput(item, v)) } : '';
  }
  if (typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, builderInput(k, v)]),
    );
  return xmlText(String(value));
}

const builder = new XMLBuilder({ format: true, indentBy: '  ', suppressEmptyNode: false });

/** A whole document: the declaration, then `root` holding `value` (a list's items by ITEM). */
export function xmlDocument(root: string, value: unknown): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build({ [root]: builderInput(root, value) }) as string}`;
}

/** The root each answer is written under. */
export const XML_ROOT = {
  discovery: 'discovery',
  services: 'services',
  serviceDefinition: 'service_definition',
  requests: 'service_requests',
  errors: 'errors',
} as const;

/** `name.json` / `name.xml` → the name and the format; null for anything else. */
export function splitFormat(file: string): { name: string; format: Open311Format } | null {
  const m = /^(.+)\.(json|xml)$/.exec(file);
  return m ? { name: m[1] ?? '', format: m[2] as Open311Format } : null;
}

/** The format a request asks for by its resource name (`….xml`); JSON otherwise. */
export function formatOfUrl(url: string): Open311Format {
  const path = url.split('?')[0] ?? '';
  return path.endsWith('.xml') ? 'xml' : 'json';
}

/**
 * An error in the specification's shape and the format asked for: the array of {code, description}
 * as JSON, or <errors><error> as XML.
 */
export function open311ErrorReply(
  url: string,
  status: number,
  msg: string,
): { contentType: string; body: string | Array<{ code: number; description: string }> } {
  const errors = [{ code: status, description: msg }];
  return formatOfUrl(url) === 'xml'
    ? { contentType: XML_CONTENT_TYPE, body: xmlDocument(XML_ROOT.errors, errors) }
    : { contentType: 'application/json; charset=utf-8', body: errors };
}
