/**
 * The API description for teams that integrate with us: OpenAPI 3.1 generated from every route's
 * own JSON schema (@fastify/swagger, dynamic mode), with the envelope, the error codes, the
 * sign-in and each route's guard (the menu / button it requires, or why it is open) written in.
 * Served at /api/docs (Swagger UI, its assets from the package: no CDN) and /api/docs/json.
 * Registered before the domains, so it sees every route they add.
 */
import fastifySwagger, { type SwaggerOptions, type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Requirement } from '../http/route-table';

export const DOCS_PREFIX = '/api/docs';

const envelope = (data: { type?: 'null' } = {}) => ({
  type: 'object' as const,
  required: ['code', 'msg', 'data'],
  properties: { code: { type: 'integer' as const }, msg: { type: 'string' as const }, data },
});

const ERRORS: Record<string, string> = {
  '400': 'Bad input: `msg` starts with the field, e.g. `pageSize: must be ≤ 100`. Nothing was changed.',
  '401':
    'Sign-in: `code` 600 expired, 601 revoked (signed out, forced offline, password changed), 602 missing or unknown token.',
  '403': 'Permission denied: `msg` names the missing menu or button.',
  '404': 'No such row (or no such route).',
  '429': 'Too many requests: `msg` says when to try again.',
  '431': 'Request line or headers too large.',
  '500': 'Server error (logged with the request).',
};

const DESCRIPTION = `The /api of the city street-lighting operations console.

**Envelope.** Every answer is \`{ "code": 200, "msg": "…", "data": … }\`; the HTTP status mirrors
\`code\` (sign-in codes 600/601/602 use HTTP 401). Lists answer \`data.list\` and
\`data.pagination { currentPage, pageSize, total }\`. Protocol endpoints (the FeatureServer under
/api/map/rest, Open311) answer in their own standard's shapes.

**Sign-in.** \`POST /api/oauth/Login\` with the account and the MD5 of the password returns
\`data.token\`; send it as \`Authorization: <token>\` (or \`Bearer <token>\`).

**Input.** Bodies are JSON validated strictly (no type coercion; unknown properties are refused by
name); query strings and path parameters are coerced to their declared types. Every string is
bounded and may not contain control or bidirectional-override characters. A refused call changes
nothing.

**Permissions.** Each operation says which menu (and button) it requires; the server checks it on
every call. Operations open to every signed-in user say why.`;

function guardText(
  requirement: Requirement | null,
  config: { open?: string; checksInHandler?: string; public?: boolean },
): string {
  if (config.public) return 'Public: no sign-in.';
  if (requirement)
    return `Requires menu \`${requirement.menu}\`${requirement.button ? ` and button \`${requirement.button}\`` : ''}.`;
  if (config.checksInHandler)
    return `Permission checked per request (403 otherwise): ${config.checksInHandler}`;
  return `Any signed-in user: ${config.open ?? ''}`;
}

/** Each route's operation: its tag, its guard, the envelope and error answers. */
const transform: SwaggerTransform = ({ schema, url, route }) => {
  const config = (route.config ?? {}) as {
    public?: boolean;
    open?: string;
    checksInHandler?: string;
    errorFormat?: string;
  };
  const hooks = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
  const requirement =
    hooks.map((h) => (h as { requirement?: Requirement }).requirement).find((r) => r !== undefined) ?? null;
  const tag = url.split('/')[2] ?? 'api';
  const s = { ...(schema as Record<string, unknown>) };
  // an empty object schema for the query or the path means "no parameters", not parameters named
  // `type` (how the swagger plugin reads an object schema without properties)
  for (const part of ['querystring', 'params', 'headers'] as const) {
    const p = s[part] as { type?: unknown; properties?: unknown } | undefined;
    if (p && p.type === 'object' && !p.properties) s[part] = { ...p, properties: {} };
  }
  // the route's own answer schema (http/response.ts), else the bare envelope
  const declared = (s.response as Record<string, unknown> | undefined)?.['200'];
  if (url.startsWith(DOCS_PREFIX) || !url.startsWith('/api/') || route.websocket)
    return { schema: { ...s, hide: true }, url };
  // a file's answer names its media type (http/response.ts fileAnswer)
  const file = declared && typeof declared === 'object' && 'content' in declared ? declared : null;
  const responses: Record<string, unknown> = {
    '200': file
      ? { description: 'A file.', ...file }
      : {
          description: config.errorFormat
            ? `Answer in the ${config.errorFormat} protocol's shape.`
            : 'Success: the envelope.',
          content: { 'application/json': { schema: declared ?? { $ref: '#/components/schemas/Envelope' } } },
        },
  };
  if (!config.errorFormat)
    for (const [code, description] of Object.entries(ERRORS))
      responses[code] = {
        description,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
  return {
    schema: {
      ...s,
      tags: [tag],
      description: guardText(requirement, config),
      ...(config.public ? { security: [] } : {}),
      response: responses,
    },
    url,
  };
};

export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const options: SwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: { title: '城市照明综合管理平台 API', version: '1.0', description: DESCRIPTION },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
        schemas: { Envelope: envelope(), Error: envelope({ type: 'null' }) },
      },
      security: [{ token: [] }],
    },
    transform,
  };
  await app.register(fastifySwagger, options);
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}
