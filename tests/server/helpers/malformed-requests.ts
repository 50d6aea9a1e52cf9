import fc from 'fast-check';
import type { RegisteredRoute } from '../../../server/src/plugins/route-registry';
import type { ResolvedSample } from './route-samples';

// Malformed variants of a valid sample request, one change each: a value made impossible (NUL and
// other control characters, invisible characters, lone surrogates, text past any limit, ids past int4 or negative,
// non-numbers, days outside 2000 to next year, impossible days, inverted and overlong ranges),
// a value of the wrong type, an array or object where a scalar belongs, unknown body fields,
// malformed JSON. Only an empty value or an unknown query parameter may be legitimately accepted.

export type Where = 'query' | 'params' | 'body' | 'headers';

/** One malformed variant of a sample. */
export interface Mutation {
  label: string;
  where: Where;
  /** False where the API may accept the result: an empty optional value, an ignored query parameter. */
  mustRefuse: boolean;
  request: ResolvedSample;
}

/** The answers a malformed request may get, by where the fault is. */
export const REFUSALS: Record<Where, readonly number[]> = {
  query: [400],
  // 413: a body past the route's size limit (a crash report's, 32 kB) is refused before it is read.
  body: [400, 413, 415],
  // Fastify refuses a path parameter past its longest (414), and a path it cannot route (404).
  params: [400, 404, 414],
  // A gateway route answers repeated bad tokens from one address with 429 (server/src/plugins/rate-limits.ts).
  headers: [400, 401, 429],
};

type Variant = { label: string; value: unknown; mustRefuse?: boolean };
type Variants = fc.Arbitrary<Variant>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// Control characters that String.prototype.trim leaves in place, so trimming cannot excuse them.
const CONTROL = [...'\u0000\u0001\u0007\u0008\u000e\u001b\u001f\u007f\u0080\u0085\u009f'];
// Characters that show nothing or turn the text around them, which no name may hide (trimming
// leaves them too): the byte-order mark, zero-width space and joiners, the directional marks,
// overrides and isolates, the word joiner, the soft hyphen, a tag character, the Hangul filler.
const INVISIBLE = ['\uFEFF', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u202A', '\u202E', '\u2060', '\u2066', '\u2069', '\u00AD', '\u{E0041}', '\u3164'];

const v = (label: string, value: unknown, mustRefuse = true): Variant => ({ label, value, mustRefuse });

/**
 * Body fields of free text that names nothing, where invisible characters are the writer's
 * business: a new password (its rules are the sign-in's), the output a thing reports,
 * kept as it printed it, and what a crash report quotes of the failure (its message and stack,
 * `textBlock`). Control characters are refused in them as anywhere.
 */
const FREE_TEXT_FIELDS = new Set(['password', 'stdout']);
const CRASH_REPORTS = new Set(['/api/client-errors', '/api/client-errors/anonymous']);
const freeTextAt = (route: RegisteredRoute, path: readonly (string | number)[]) => {
  const field = String(path.at(-1));
  return FREE_TEXT_FIELDS.has(field) || (CRASH_REPORTS.has(route.url) && (field === 'message' || field === 'stack'));
};

/** `text` with `inserted` put at a random place. */
const insertInto = (text: string, inserted: fc.Arbitrary<string>, label: string): Variants =>
  fc.tuple(fc.nat({ max: text.length }), inserted).map(([at, c]) => v(`${label} ${JSON.stringify(c)} at ${at}`, text.slice(0, at) + c + text.slice(at)));

/** What is wrong with any text: control or invisible characters, lone surrogates, far too long; or empty. */
function textVariants(text: string, where: Where, freeText = false): Variants {
  // A URL carries bytes: only JSON can carry a lone surrogate.
  const surrogates = where === 'body' ? [insertInto(text, fc.constantFrom('\ud800', '\udfff'), 'lone surrogate')] : [];
  return fc.oneof(
    insertInto(text, fc.constantFrom(...CONTROL), 'control character'),
    ...(freeText ? [] : [insertInto(text, fc.constantFrom(...INVISIBLE), 'invisible character')]),
    ...surrogates,
    fc.integer({ min: 10_001, max: 40_000 }).map((n) => v(`${n} more characters`, text + 'x'.repeat(n))),
    fc.constant(v('empty', '', false)),
  );
}

/** What is wrong with a whole number sent as text (in a comma list, spaces around an item are allowed). */
const digitsVariants = (inList: boolean): Variants =>
  fc.oneof(
    fc.bigInt(2n ** 31n, 2n ** 80n).map((n) => v('past int4', n.toString())),
    fc.bigInt(1n, 2n ** 80n).map((n) => v('negative', `-${n}`)),
    fc.constantFrom('0x10', '1e3', '5.0', '+5', 'Infinity', 'NaN', 'abc', '١٢', ...(inList ? [] : [' 5'])).map((s) => v('not a whole number', s)),
  );

/** Days the API cannot mean: before 2000, more than a year ahead, or not on the calendar. */
function dayVariants(text: string): Variants {
  const rest = text.slice(4);
  const withTime = (d: string) => (ISO_DATE_TIME.test(text) ? `${d}${text.slice(10)}` : d);
  return fc.oneof(
    fc.constantFrom('0000', '9999').map((y) => v(`year ${y}`, withTime(`${y}${rest.slice(0, 6)}`))),
    fc.integer({ min: 1, max: 1999 }).map((y) => v(`year ${y}`, `${String(y).padStart(4, '0')}${rest}`)),
    fc.integer({ min: new Date().getUTCFullYear() + 2, max: 9999 }).map((y) => v(`year ${y}`, `${y}${rest}`)),
    fc.constantFrom('2023-02-29', '2024-13-01', '2024-00-10', '2024-01-32', '2024-1-5').map((d) => v(`no such day ${d}`, withTime(d))),
  );
}

/** Variants of one scalar, by what it looks like in the sample and where it goes. */
function scalarVariants(value: unknown, where: Where, inList = false, freeText = false): Variants {
  if (where === 'body') {
    const wrongTypes = fc.constantFrom(v('in an array', [value]), v('in an object', { value }), v('null', null, false));
    if (typeof value === 'number') {
      return fc.oneof(
        fc.bigInt(2n ** 31n, 2n ** 53n - 1n).map((n) => v('past int4', Number(n))),
        fc.integer({ min: -(2 ** 31), max: -1 }).map((n) => v('negative', n)),
        fc.constantFrom(v('huge', 1e300), v('as text', String(value)), v('a boolean', true)),
        wrongTypes,
      );
    }
    if (typeof value === 'boolean') return fc.oneof(fc.constantFrom(v('as text', String(value)), v('a number', 1)), wrongTypes);
    if (typeof value === 'string') {
      const dates = DAY.test(value.slice(0, 10)) ? [dayVariants(value)] : [];
      return fc.oneof(textVariants(value, where, freeText), ...dates, fc.constantFrom(v('a number', 12345), v('a boolean', false)), wrongTypes);
    }
    return wrongTypes;
  }
  const text = String(value);
  if (/^\d+$/.test(text)) return fc.oneof(digitsVariants(inList), textVariants(text, where));
  if (DAY.test(text.slice(0, 10))) return fc.oneof(dayVariants(text), textVariants(text, where));
  if (text === 'true' || text === 'false') return fc.oneof(fc.constantFrom(v('not a flag', 'yes'), v('not a flag', 'TRUE'), v('not a flag', '1')), textVariants(text, where));
  return textVariants(text, where);
}

/** Every value inside a JSON value (nested objects and arrays too) with its path. */
function nodes(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: unknown }[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return children.flatMap(([key, item]) => [{ path: [...path, key], value: item }, ...nodes(item, [...path, key])]);
}

function setAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

const shapeKeys = (schema: unknown): string[] => Object.keys((schema as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});

const variant = (base: ResolvedSample, where: Where, label: string, change: Partial<ResolvedSample>, mustRefuse = true): Mutation => ({
  label,
  where,
  mustRefuse,
  request: { ...base, ...change },
});

function queryMutations(route: RegisteredRoute, base: ResolvedSample): fc.Arbitrary<Mutation>[] {
  const set = (key: string, value: string | string[]) => ({ query: { ...base.query, [key]: value } });
  const out: fc.Arbitrary<Mutation>[] = [];
  for (const [key, value] of Object.entries(base.query)) {
    if (Array.isArray(value)) {
      out.push(scalarVariants(value[0], 'query', true).map((x) => variant(base, 'query', `${key}[0]: ${x.label}`, set(key, [x.value as string, ...value.slice(1)]), x.mustRefuse)));
    } else {
      out.push(scalarVariants(value, 'query').map((x) => variant(base, 'query', `${key}: ${x.label}`, set(key, x.value as string), x.mustRefuse)));
      out.push(fc.constant(variant(base, 'query', `${key} repeated`, set(key, [value, value]))));
    }
  }
  // Parameters the sample leaves out still may not carry what no text field takes.
  for (const key of shapeKeys(route.schema?.querystring).filter((k) => !(k in base.query))) {
    out.push(insertInto('x', fc.constantFrom(...CONTROL, ...INVISIBLE), 'control or invisible character').map((x) => variant(base, 'query', `${key}: ${x.label}`, set(key, x.value as string))));
  }
  out.push(fc.string({ minLength: 1, maxLength: 20 }).map((key) => variant(base, 'query', `unknown parameter ${JSON.stringify(key)}`, set(`zz${key}`, 'x'), false)));
  const { startDate, endDate } = base.query;
  if (typeof startDate === 'string' && typeof endDate === 'string') {
    const shift = (d: string, years: number, days: number) => {
      const t = new Date(`${d}T00:00:00Z`);
      t.setUTCFullYear(t.getUTCFullYear() + years);
      return new Date(t.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    };
    const range = (label: string, s: string, e: string) => variant(base, 'query', label, { query: { ...base.query, startDate: s, endDate: e } });
    out.push(fc.constant(range('inverted range', shift(endDate, 0, 1), endDate)));
    out.push(fc.constant(range('100-year range', shift(endDate, -100, 0), endDate)));
    out.push(fc.integer({ min: 0, max: 400 }).map((k) => range(`range of a year, 2 weeks and ${k + 1} days`, shift(endDate, -1, -15 - k), endDate)));
    out.push(fc.integer({ min: 1, max: 400 }).map((k) => range(`ends a year and ${k} days ahead`, startDate, shift(new Date().toISOString().slice(0, 10), 1, k))));
  }
  return out;
}

function bodyMutations(route: RegisteredRoute, base: ResolvedSample): fc.Arbitrary<Mutation>[] {
  const body = base.body;
  if (body === undefined) return [];
  const out = nodes(body).map(({ path, value }) =>
    (value !== null && typeof value === 'object' ? fc.constantFrom(v('a string', 'x'), v('a number', 7)) : scalarVariants(value, 'body', false, freeTextAt(route, path))).map((x) =>
      variant(base, 'body', `${path.join('.')}: ${x.label}`, { body: setAt(body, path, x.value) }, x.mustRefuse),
    ),
  );
  const json = JSON.stringify(body);
  out.push(
    fc.nat({ max: json.length - 1 }).map((cut) => variant(base, 'body', `JSON cut at ${cut}`, { rawBody: json.slice(0, cut) })),
    fc.constantFrom('{"a":', "{'a': 1}", 'nul', '[1,]', '{"a" 1}').map((raw) => variant(base, 'body', `malformed JSON ${raw}`, { rawBody: raw })),
    fc.constantFrom(Array.isArray(body) ? {} : [], 'text', 42, null).map((root) => variant(base, 'body', `body ${JSON.stringify(root)}`, { body: root })),
    fc.constantFrom('application/xml', 'multipart/form-data; boundary=x').map((type) => variant(base, 'body', `content-type ${type}`, { headers: { ...base.headers, 'content-type': type } })),
  );
  const target = Array.isArray(body) ? [0] : [];
  out.push(fc.string({ minLength: 1, maxLength: 20 }).map((key) => variant(base, 'body', `unknown field ${JSON.stringify(key)}`, { body: setAt(body, [...target, `zz${key}`], 1) })));
  return out;
}

/** Arbitrary malformed variants of `base`, a valid request of `route`. */
export function malformedVariants(route: RegisteredRoute, base: ResolvedSample): fc.Arbitrary<Mutation> {
  const params = Object.entries(base.params).map(([key, value]) =>
    scalarVariants(value, 'params').map((x) => variant(base, 'params', `:${key}: ${x.label}`, { params: { ...base.params, [key]: x.value as string } }, x.mustRefuse)),
  );
  const header = (name: string, values: string[]) =>
    fc.constantFrom(...values).map((value) => variant(base, 'headers', `${name}: ${JSON.stringify(value.slice(0, 40))}`, { headers: { ...base.headers, [name]: value } }));
  const headers: fc.Arbitrary<Mutation>[] = [];
  if (base.headers.authorization) headers.push(header('authorization', ['', 'garbage', `Bearer ${'x'.repeat(5000)}`]));
  if (base.headers.version) headers.push(header('version', ['1', '3', 'two']));
  if (base.headers['x-gateway-mac']) headers.push(header('x-gateway-mac', ['not-a-mac', 'AA:BB', 'A'.repeat(5000)]));
  if (base.headers['x-thing-id']) headers.push(header('x-thing-id', ['', 'not a serial', 'A'.repeat(5000)]));
  if (route.config.auth === 'id' && route.method !== 'GET') {
    headers.push(header('idempotency-key', ['not-a-uuid', '123e4567-e89b-12d3-a456-426614174000x', 'f'.repeat(5000)]));
  }
  return fc.oneof(...queryMutations(route, base), ...params, ...bodyMutations(route, base), ...headers);
}
