/**
 * The route fuzz suite (issue 11), run by route-fuzz-sqlite.test.ts and route-fuzz-postgres.test.ts
 * (two files, so jest runs the two databases side by side): every /api route in the server's own route table, fuzzed from its
 * own schema, so a route added later is covered the day it lands without this file changing.
 *
 * For each route, invalid inputs that each break one thing (wrong types, missing and unknown
 * fields, over-long strings, out-of-range numbers, undecodable escapes, odd unicode, references to
 * nothing) are sent as the administrator (so permission never hides a validation bug). Every answer
 * must be: not a 5xx and not a 429 (validation runs before a rate limit counts); the envelope (or
 * the route's declared protocol format); a refusal whose message starts with the broken field's
 * name; and the database unchanged (a digest of every table before and after the route's cases).
 *
 * Body references (`…Id` strings and integers, `…Ids` lists, found from the schema alone): each in
 * turn names nothing while the others name real rows, and the path names a real row (found by
 * probing rows of the tables the path most likely names), so the handler gets as far as the
 * references. The refusal must be a 400 naming that field: a 404 is for a missing PATH resource.
 * The figures are printed as one block at the end (docs/architecture.md keeps one run's).
 */
import type { FastifyInstance, InjectOptions, FastifySchemaCompiler } from 'fastify';
import { parseQueryString } from '../../src/http/querystring';
import type { RouteInfo } from '../../src/http/route-table';
import { createValidatorCompiler } from '../../src/http/schema-compiler';
import { changedTables, digest, rowIds, tablesOf } from './digest';
import {
  NOWHERE,
  badValues,
  bodyVariants,
  encodeURIComponentLoose,
  missingReference,
  queryString,
  referenceFields,
  sample,
  tableForField,
  tablesForUrl,
  type RefField,
  type Schema,
} from './inputs';
import { paramNames, pathCandidates, pathWith, propsOf, sampleParams } from './paths';
import { TARGETS, createEnv, demoTokens, type Target, type TestEnv } from '../helpers';
import { XMLParser } from 'fast-xml-parser';

/** Routes whose valid call ends the caller's session: fuzzed with a throwaway token. */
const ENDS_SESSION = new Set(['GET /api/oauth/Logout']);

interface Case {
  what: string;
  /** the field a 400 must name ('*' for any field) */
  field: string;
  url: string;
  method: string;
  payload?: string;
  headers?: Record<string, string>;
  /** the input is schema-valid but names a row that does not exist: must not be accepted (writes) */
  mustRefuse: boolean;
  /**
   * A body reference naming nothing: the refusal must be a 400 naming `field` (or one of `others`,
   * the request's other references that name nothing too), never a 404 once the path names a row.
   */
  reference?: { others: string[]; pathResolved: boolean; probe: boolean };
}

/** A real row for a reference field, if the database has one (the sample's other references). */
type RealIdOf = (r: RouteInfo, ref: RefField) => unknown;

const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

function casesFor(r: RouteInfo, seed: number): Case[] {
  const out: Case[] = [];
  const paramSchemas = propsOf(r.schema.params);
  const baseParams = sampleParams(r);
  const baseQuery = (sample(r.schema.querystring ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
  const body = isObj(r.schema.body) ? r.schema.body : null;
  const baseBody = body ? JSON.stringify(sample(body) ?? {}) : undefined;
  // headers the route requires (a device id…), from its schema
  const sampleHeaders = Object.fromEntries(
    Object.entries((sample(r.schema.headers ?? { type: 'object' }) ?? {}) as Record<string, unknown>).map(
      ([k, v]) => [k, String(v)],
    ),
  );
  const json = { 'content-type': 'application/json', ...sampleHeaders };
  const base = (over: Partial<Case> & Pick<Case, 'what' | 'field'>): Case => ({
    url: pathWith(r, baseParams) + queryString(baseQuery),
    method: r.method,
    headers: sampleHeaders,
    ...(body && r.bodyKind === 'json' ? { payload: baseBody, headers: json } : {}),
    mustRefuse: false,
    ...over,
  });

  // path parameters
  for (const [name, s] of Object.entries(paramSchemas)) {
    const raw: Array<[string, string]> = [
      ['undecodable escape', '%FF'],
      ['truncated escape', '%E0%A4%A'],
      ['invalid UTF-8', '%ED%A0%80'],
      ['NUL', 'a%00'],
      ['bidi override', 'a%E2%80%AE'],
      ['traversal', '..%2F..%2Fetc'],
      ['10 KB', 'k'.repeat(10_000)],
    ];
    for (const b of badValues(s))
      if (typeof b.value !== 'object') raw.push([b.what, encodeURIComponentLoose(String(b.value))]);
    for (const [what, v] of raw)
      out.push(
        base({
          what: `param ${name}: ${what}`,
          field: name,
          url: pathWith(r, { ...baseParams, [name]: v }) + queryString(baseQuery),
        }),
      );
    if (/^(id|.*Id)$/.test(name) && isObj(s) && s.enum === undefined && s.type === 'string')
      out.push(
        base({
          what: `param ${name}: a row that does not exist`,
          field: name,
          url: pathWith(r, { ...baseParams, [name]: NOWHERE }) + queryString(baseQuery),
          mustRefuse: r.method !== 'GET',
        }),
      );
  }

  // query string
  for (const [name, s] of Object.entries(propsOf(r.schema.querystring))) {
    const variants: Array<[string, string]> = [];
    for (const b of badValues(s, seed)) {
      if (b.value === null || typeof b.value === 'boolean') continue; // a query string cannot say null; 'true' may be text
      if (Array.isArray(b.value) || isObj(b.value)) continue;
      variants.push([
        b.what,
        typeof b.value === 'string' ? encodeURIComponentLoose(b.value) : String(b.value),
      ]);
    }
    if (s.type === 'integer' || s.type === 'number') variants.push(['not a number', 'abc']);
    variants.push(['undecodable escape', '%FF']);
    for (const [what, v] of variants) {
      const q = queryString({ ...baseQuery, [name]: undefined });
      const url = pathWith(r, baseParams) + (q ? `${q}&` : '?') + `${encodeURIComponent(name)}=${v}`;
      out.push(base({ what: `query ${name}: ${what}`, field: name, url }));
    }
  }

  // body
  if (body && r.bodyKind === 'json') {
    for (const v of bodyVariants(body, seed))
      out.push(
        base({
          what: `body: ${v.what}${v.field ? ` (${v.field})` : ''}`,
          field: v.field || '*',
          payload: JSON.stringify(v.value),
          headers: json,
        }),
      );
    out.push(base({ what: 'body: not JSON', field: '*', payload: '{"a":', headers: json }));
  } else if (r.bodyKind === 'none' && r.method !== 'GET') {
    out.push(base({ what: 'a body where none is read', field: '*', payload: '{"__fuzz":1}', headers: json }));
  } else if (r.bodyKind === 'multipart') {
    out.push(
      base({ what: 'JSON instead of an upload', field: 'file', payload: '{"file":"x"}', headers: json }),
    );
  }
  return out;
}

/**
 * One case per body reference: a valid sample whose references name real rows where the database
 * has one, but the one under test names nothing. `params` fills the path (a row found by probing,
 * so the handler gets as far as the body's references).
 */
function referenceCases(
  r: RouteInfo,
  realIdOf: RealIdOf,
  params: Record<string, string>,
  pathResolved: boolean,
  probe = false,
): Case[] {
  const body = isObj(r.schema.body) && r.bodyKind === 'json' ? r.schema.body : null;
  if (!body) return [];
  const refs = referenceFields(body);
  const refSample = { ...((sample(body) ?? {}) as Record<string, unknown>) };
  const madeUp = new Set<string>();
  for (const ref of refs) {
    if (!(ref.field in refSample)) continue;
    const real = realIdOf(r, ref);
    if (real === undefined) {
      if (!ref.list || (Array.isArray(refSample[ref.field]) && (refSample[ref.field] as unknown[]).length))
        madeUp.add(ref.field);
    } else refSample[ref.field] = ref.list ? (refSample[ref.field] as unknown[]).map(() => real) : real;
  }
  const baseQuery = (sample(r.schema.querystring ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
  const sampleHeaders = Object.fromEntries(
    Object.entries((sample(r.schema.headers ?? { type: 'object' }) ?? {}) as Record<string, unknown>).map(
      ([k, v]) => [k, String(v)],
    ),
  );
  return refs.map((ref) => ({
    what: `body ${ref.field}: ${ref.list ? 'a list naming a row' : 'a row'} that does not exist`,
    field: ref.field,
    url: pathWith(r, params) + queryString(baseQuery),
    method: r.method,
    headers: { 'content-type': 'application/json', ...sampleHeaders },
    payload: JSON.stringify({ ...refSample, [ref.field]: missingReference(ref) }),
    mustRefuse: true,
    reference: { others: [...madeUp].filter((f) => f !== ref.field), pathResolved, probe },
  }));
}

type Check = (value: unknown) => boolean;
const compiler = createValidatorCompiler({ enforceHabits: false }) as FastifySchemaCompiler<unknown>;

/** The route's own validators, as the server compiles them. */
function validatorsOf(r: RouteInfo): Record<'params' | 'querystring' | 'body', Check> {
  const make = (part: 'params' | 'querystring' | 'body'): Check => {
    const schema = r.schema[part];
    if (!schema) return () => true;
    const v = compiler({ schema, method: r.method, url: r.url, httpPart: part }) as (d: unknown) => unknown;
    return (d) => v(structuredClone(d)) === true;
  };
  return { params: make('params'), querystring: make('querystring'), body: make('body') };
}

/** Whether the server's own schemas refuse this request (then the answer must be a refusal). */
function schemaRefuses(r: RouteInfo, c: Case, checks: ReturnType<typeof validatorsOf>): boolean {
  const [path = '', query = ''] = c.url.split('?');
  const names = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const pattern = new RegExp(
    `^${r.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '([^/]*)')}$`,
  );
  const m = pattern.exec(path);
  if (!m) return true; // the path no longer matches the route (a slash decoded into it): refused or not found
  const params: Record<string, string> = {};
  for (const [i, n] of names.entries()) {
    const raw = m[i + 1] ?? '';
    try {
      params[n] = decodeURIComponent(raw);
    } catch {
      return true;
    }
    if (raw.length > 500) return true;
  }
  if (!checks.params(params)) return true;
  if (!checks.querystring({ ...parseQueryString(query) })) return true;
  if (c.payload !== undefined && r.bodyKind === 'json') {
    let b: unknown;
    try {
      b = JSON.parse(c.payload);
    } catch {
      return true;
    }
    if (!checks.body(b)) return true;
  } else if (c.payload !== undefined && r.bodyKind !== 'form') return true;
  return false;
}

/** The field a 400's message names ("field: problem"), or null. */
const namedField = (msg: string): string | null => /^([^\s:]{1,120}): /.exec(msg)?.[1] ?? null;

/** What is wrong with an answer, or null. */
function problemOf(r: RouteInfo, c: Case, refuse: boolean, status: number, text: string): string | null {
  if (status >= 500) return `${status} ${text.slice(0, 200)}`;
  // a limit must never hide what a request is refused for: validation runs before the limiter counts
  if (status === 429) return `429 (a rate limit answered instead of the route): ${text.slice(0, 120)}`;
  // Open311's XML resources answer XML, their refusals the specification's <errors> document
  if (r.errorFormat === 'open311' && text.startsWith('<?xml')) {
    const doc = new XMLParser({ parseTagValue: false }).parse(text) as Record<string, unknown>;
    const errors = isObj(doc.errors) ? ([] as unknown[]).concat(doc.errors.error) : null;
    if (status >= 400)
      return errors && errors.every((e) => isObj(e) && 'code' in e && 'description' in e)
        ? null
        : `not Open311 XML errors: ${text.slice(0, 120)}`;
    return refuse ? `accepted (Open311 XML): ${text.slice(0, 120)}` : null;
  }
  let b: unknown;
  try {
    b = JSON.parse(text);
  } catch {
    // a valid call may answer a file or an image; a refusal is always JSON
    return refuse || status >= 400 ? `not JSON (${status}): ${text.slice(0, 120)}` : null;
  }
  const envelopeError = isObj(b) && typeof b.code === 'number' && b.code !== 200 && typeof b.msg === 'string';
  // a protocol route answers in its own format, except what fails before routing (the envelope)
  if (r.errorFormat === 'esri') {
    if (envelopeError || (isObj(b) && isObj(b.error))) return null;
    return refuse ? `accepted (Esri): ${text.slice(0, 120)}` : null;
  }
  if (r.errorFormat === 'open311') {
    if (envelopeError) return null;
    const isErrors = Array.isArray(b) && b.every((e) => isObj(e) && 'code' in e && 'description' in e);
    if (status >= 400) return isErrors ? null : `not Open311 errors: ${text.slice(0, 120)}`;
    return refuse ? `accepted (Open311): ${text.slice(0, 120)}` : null;
  }
  if (!isObj(b) || typeof b.code !== 'number' || typeof b.msg !== 'string' || !('data' in b))
    return `not the envelope: ${text.slice(0, 120)}`;
  if (b.code === 200) return refuse || c.mustRefuse ? `accepted: ${b.msg}` : null;
  if (c.reference) {
    // a reference in the body that names nothing is bad input (400, naming it), not a missing resource
    const named = namedField(b.msg);
    if (b.code === 404 && !c.reference.pathResolved && paramNames(r).length) return null;
    // a probe may hit a row in a state that refuses any edit (a released notice): try another row
    if (c.reference.probe && b.code === 400 && named === null) return null;
    if (b.code !== 400) return `${b.code} for a body reference, not 400 naming "${c.field}": "${b.msg}"`;
    if (named === c.field || (named !== null && c.reference.others.includes(named))) return null;
    return `400 names "${named ?? ''}", not the reference "${c.field}": "${b.msg}"`;
  }
  if (!refuse) return null;
  if (b.code === 400) {
    const named = namedField(b.msg);
    if (!named) return `400 without a field: "${b.msg}"`;
    if (
      c.field !== '*' &&
      named !== 'url' &&
      named !== 'body' &&
      named !== 'querystring' &&
      named !== 'params'
    ) {
      const ok =
        named === c.field ||
        named.startsWith(`${c.field}.`) ||
        c.field.startsWith(`${named}.`) ||
        named === c.field.split('.')[0];
      if (!ok) return `400 names "${named}", not "${c.field}": "${b.msg}"`;
    }
  }
  return null;
}

/** The figures a run prints, one block a person can read at the end. */
interface Summary {
  routes: number;
  cases: number;
  schemaInvalid: number;
  statuses: Record<string, number>;
  references: { cases: number; routes: number; pathProbes: number; pathNotFound: string[] };
  seconds: number;
}

function summaryText(target: string, s: Summary): string {
  const statuses = Object.entries(s.statuses)
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return [
    `route fuzz (${target}), ${s.seconds.toFixed(1)} s:`,
    `  routes ${s.routes}, cases ${s.cases} (schema-invalid ${s.schemaInvalid})`,
    `  statuses (HTTP/code): ${statuses}`,
    `  body references: ${s.references.cases} cases on ${s.references.routes} routes, ${s.references.pathProbes} path probes`,
    `  references not reached (no row of the path's that takes an edit): ${s.references.pathNotFound.join(', ') || 'none'}`,
  ].join('\n');
}

/** The suite on one database (skipped when SERVER_TEST_TARGETS leaves it out). */
export function describeRouteFuzz(target: Target): void {
  if (TARGETS.includes(target)) describe(`route fuzz (${target})`, () => routeFuzz(target));
  else describe.skip(`route fuzz (${target})`, () => it('is not chosen', () => undefined));
}

function routeFuzz(target: Target): void {
  let env: TestEnv;
  let app: FastifyInstance;
  let admin: string;

  beforeAll(async () => {
    // a small city, so the map's routes have assets, faults and orders for references to reach
    env = await createEnv(target, { MAP_ASSETS: '60' });
    app = env.app;
    ({ admin } = await demoTokens(app));
  }, 60_000);
  afterAll(() => env.cleanup());

  it('every /api route: no 5xx, an envelope, the field named, nothing changed', async () => {
    const started = performance.now();
    const tables = await tablesOf(app.ctx.db);
    const rows = await rowIds(app.ctx.db, tables, 50);
    /** A real row for a reference: the table its name says, or for a parent the route's own. */
    const realIdOf: RealIdOf = (r, ref) => {
      const t =
        tableForField(ref.field, tables) ??
        (ref.field === 'parentId' ? tablesForUrl(r.url, tables)[0] : null);
      const id = t ? rows.get(t)?.ids[0] : undefined;
      return typeof id === (ref.type === 'integer' ? 'number' : 'string') ? id : undefined;
    };
    const routes = app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.websocket);
    expect(routes.length).toBeGreaterThan(150);
    const problems: string[] = [];
    const statuses: Record<string, number> = {};
    let cases = 0;
    let refused = 0;
    const references = { cases: 0, routes: 0, pathProbes: 0, pathNotFound: [] as string[] };

    const run = async (r: RouteInfo, c: Case, token: string | undefined, refuse: boolean) => {
      cases++;
      if (refuse) refused++;
      const res = await app.inject({
        method: c.method as InjectOptions['method'],
        url: c.url,
        headers: { ...(c.headers ?? {}), ...(token ? { authorization: token } : {}) },
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
      });
      const b = safeJson(res.body);
      const code = isObj(b) && typeof b.code === 'number' ? b.code : null;
      const key = `${res.statusCode}/${code ?? '-'}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
      const p =
        token === undefined
          ? res.statusCode >= 500
            ? `${res.statusCode}`
            : null
          : problemOf(r, c, refuse, res.statusCode, res.body);
      if (p) problems.push(`${r.method} ${r.url} — ${c.what}: ${p}`);
      const msg = isObj(b) && typeof b.msg === 'string' ? b.msg : '';
      // whether the handler got past the path's row to the body (not a 404, not a state conflict)
      return code !== 404 && !(code === 400 && namedField(msg) === null);
    };

    for (const r of routes) {
      const token = ENDS_SESSION.has(`${r.method} ${r.url}`) ? undefined : admin;
      const before = await digest(app.ctx.db, tables);
      const checks = validatorsOf(r);
      for (const c of casesFor(r, seedOf(`${r.method} ${r.url}`)))
        await run(r, c, token, schemaRefuses(r, c, checks));

      // body references: first find a path that names a row (probing with a reference case, which
      // must be refused whatever the path), then every reference of the body names nothing in turn
      const probe = referenceCases(r, realIdOf, sampleParams(r), false);
      if (probe.length && token) {
        references.routes++;
        let params: Record<string, string> | null = paramNames(r).length ? null : {};
        if (!params)
          for (const candidate of pathCandidates(r, rows)) {
            const [first] = referenceCases(r, realIdOf, candidate, false, true);
            if (!first) break;
            references.pathProbes++;
            if (await run(r, first, token, schemaRefuses(r, first, checks))) {
              params = candidate;
              break;
            }
          }
        if (!params) references.pathNotFound.push(`${r.method} ${r.url}`);
        for (const c of referenceCases(r, realIdOf, params ?? sampleParams(r), params !== null)) {
          references.cases++;
          await run(r, c, token, schemaRefuses(r, c, checks));
        }
      }
      const changed = changedTables(before, await digest(app.ctx.db, tables));
      if (changed.length) problems.push(`${r.method} ${r.url} — changed ${changed.join(', ')}`);
    }
    // a reference only the database caught (a route check is missing) answers 400 but counts here
    if (app.ctx.counters.constraintErrors)
      problems.push(
        `${app.ctx.counters.constraintErrors} answers came from a database constraint, not a route check`,
      );
    const summary: Summary = {
      routes: routes.length,
      cases,
      schemaInvalid: refused,
      statuses,
      references,
      seconds: (performance.now() - started) / 1000,
    };
    process.stdout.write(`\n${summaryText(target, summary)}\n`);
    expect(problems).toEqual([]);
  }, 600_000);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A seed per route, so each route's random cases replay on their own. */
function seedOf(key: string): number {
  let seed = 20261123;
  for (const ch of key) seed = (seed * 31 + ch.charCodeAt(0)) | 0;
  return seed;
}
