import { z } from 'zod';

// The building blocks of every request schema. What the database cannot hold (NUL in text, ids
// past its 4-byte integers, days outside its calendar), what no caller can mean (a century of
// reports, a name of a million characters) and what nobody could see (a user name that starts
// with an invisible byte-order mark) is refused here with a 400 that says what to send, before
// any query runs. Answers do not use these: they say what the server has.

/** The largest id: ids are PostgreSQL integers. */
export const MAX_ID = 2_147_483_647;
/** The earliest day a request may name. */
export const MIN_DAY = '2000-01-01';

export const ID_MESSAGE = 'ids are positive whole numbers';
export const ID_TOO_BIG_MESSAGE = `ids are at most ${MAX_ID}`;
export const DATE_RANGE_LIMIT = '1 year and 2 weeks';
export const DATE_RANGE_MESSAGE = `The date range may span at most ${DATE_RANGE_LIMIT}`;

// C0 controls (NUL among them), DEL and C1 controls.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
// UTF-16 halves without their other half, which no text encoding can store.
const LONE_SURROGATE = /\p{Cs}/u;
// What a name must not hide: control characters; the format characters (Unicode category Cf:
// the byte-order mark U+FEFF, the zero-width space, non-joiner and joiner U+200B–U+200D, the
// left-to-right and right-to-left marks U+200E and U+200F, the bidirectional embeddings,
// overrides and isolates U+202A–U+202E and U+2066–U+2069, the word joiner U+2060, the soft
// hyphen U+00AD and the rest), which show nothing or turn the text around them; the line and
// paragraph separators U+2028 and U+2029; and the Hangul fillers, letters that show as blank.
// Two names that look the same are then the same name.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNPRINTABLE = /[\u0000-\u001F\u007F-\u009F\p{Cf}\p{Zl}\p{Zp}\u115F\u1160\u3164\uFFA0]/u;
/** What a textarea's text may hold besides the one-line characters: line breaks and tabs. */
const LINE_BREAKS_AND_TABS = /\r\n|[\r\n\t]/g;
// Surrounding white space, without the byte-order mark, which String.prototype.trim also takes
// away: a name that starts with one is refused, not silently changed.
const SURROUNDING_SPACE = /^[^\S\uFEFF]+|[^\S\uFEFF]+$/g;

export const UNPRINTABLE_MESSAGE = 'must not contain invisible or control characters';
export const UNPRINTABLE_MULTILINE_MESSAGE = 'must not contain invisible or control characters other than line breaks and tabs';
export const BROKEN_UNICODE_MESSAGE = 'must be valid Unicode text';

/** Whether text is free of control characters and lone surrogates, as all text the API stores or passes on must be (passwords and job parameters are no more than that). */
export function isPrintableText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);
}

const codePointOf = (character: string) => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * What is wrong with the characters of a name or other text a person reads, or null: control and
 * invisible characters (the message names the first one found, as 'U+200B', since nobody can see
 * it), broken Unicode. With `multiLine` (a textarea's text) line breaks and tabs are allowed.
 * The forms show it on their fields; the request fields below refuse with it.
 */
export function textProblem(value: string, { multiLine = false }: { multiLine?: boolean } = {}): string | null {
  const text = multiLine ? value.replace(LINE_BREAKS_AND_TABS, ' ') : value;
  const found = UNPRINTABLE.exec(text);
  if (found) return `${multiLine ? UNPRINTABLE_MULTILINE_MESSAGE : UNPRINTABLE_MESSAGE} (it has ${codePointOf(found[0])})`;
  return LONE_SURROGATE.test(value) ? BROKEN_UNICODE_MESSAGE : null;
}

/** Text without its surrounding white space (a byte-order mark stays, to be refused). */
export const trimSpaces = (value: string) => value.replace(SURROUNDING_SPACE, '');

/**
 * Text without a length limit: surrounding white space trimmed, `textProblem` refused. For a
 * field whose own rules bound it (a fixed-length code); anything else takes `textField`.
 */
export function printableText({ multiLine = false }: { multiLine?: boolean } = {}) {
  return z
    .string()
    .overwrite(trimSpaces)
    .superRefine((value, ctx) => {
      const problem = textProblem(value, { multiLine });
      // The other checks are left out: the first thing to fix is what nobody can see.
      if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
    });
}

export interface TextOptions {
  /** At least this many characters (after trimming); 1 makes the field required. */
  min?: number;
  /** The message when shorter than `min`. */
  minMessage?: string;
}

function boundedText(max: number, { min = 0, minMessage }: TextOptions, multiLine: boolean) {
  return printableText({ multiLine })
    .max(max, `must be at most ${max} characters`)
    .min(min, minMessage ?? (min === 1 ? 'must not be empty' : `must be at least ${min} characters`));
}

/**
 * One line of text: trimmed, at most `max` characters, without control or invisible characters
 * or broken Unicode. Names (of people and of things), user names, emails, ids people type, codes
 * and searches are all made of this.
 */
export function textField(max: number, options: TextOptions = {}) {
  return boundedText(max, options, false);
}

/**
 * The text of a textarea (an export's SQL, a description): as `textField`, but line breaks and
 * tabs are kept.
 */
export function multiLineTextField(max: number, options: TextOptions = {}) {
  return boundedText(max, options, true);
}

/**
 * Text a program wrote over several lines (an error's message, a stack trace): at most `max`
 * characters, line breaks and tabs allowed, other control characters and broken Unicode refused
 * (`isPrintableText` once they are set aside), format characters kept, since a message quotes
 * whatever text failed. Not trimmed: its indentation is part of it.
 */
export function textBlock(max: number, { min = 0, minMessage }: TextOptions = {}) {
  return z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => value.trim().length >= min, minMessage ?? (min === 1 ? 'must not be empty' : `must be at least ${min} characters`))
    .refine((value) => isPrintableText(value.replace(LINE_BREAKS_AND_TABS, ' ')), 'must not contain control characters other than line breaks and tabs');
}

/** A free-text search: optional, an empty one searches nothing. */
export const searchField = (max = 200) => textField(max).optional();

/** An id in a JSON body: a positive whole number that fits the database. */
export const idField = z.number(ID_MESSAGE).int(ID_MESSAGE).positive(ID_MESSAGE).max(MAX_ID, ID_TOO_BIG_MESSAGE);

/** A whole number sent as text (query string or path): digits only, no sign, exponent or spaces. */
function wholeNumberText(message: string) {
  return z.coerce
    .string()
    .regex(/^\d+$/, message)
    // Past 15 digits a double no longer holds every number exactly; such a number is far too big either way.
    .transform((digits) => {
      const significant = digits.replace(/^0+(?=\d)/, '');
      return significant.length > 15 ? Number.MAX_SAFE_INTEGER : Number(significant);
    });
}

/** A whole number in a JSON body, from `min` to `max`. */
export function wholeNumberField(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
}

/** An id in a query string or a path: its digits, read as a number. */
export const idParam = wholeNumberText(ID_MESSAGE).pipe(z.number().positive(ID_MESSAGE).max(MAX_ID, ID_TOO_BIG_MESSAGE));

/** A count or size in a query string (take, periodMs, …): digits between `min` and `max`. */
export function countParam(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`;
  return wholeNumberText(message).pipe(z.number().min(min, message).max(max, message));
}

/**
 * A list of ids in a query string, repeated (organizationIds=3&organizationIds=5) or
 * comma-separated (organizationIds=3,5); both parse. Absent or empty is an empty list.
 */
export const idListParam = z.preprocess((value) => {
  if (value === undefined || value === null || value === '') return [];
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
  return parts.map((p) => (typeof p === 'string' ? trimSpaces(p) : p)).filter((p) => p !== '');
}, z.array(idParam).max(500, 'at most 500 ids'));

/** A query-string flag: 'true' or 'false'. */
export const flagParam = z.enum(['true', 'false'], "must be 'true' or 'false'").transform((v) => v === 'true');

// ---- Days and instants ---------------------------------------------------------------------

const DAY_MS = 86_400_000;
const MIN_TIME = Date.parse(`${MIN_DAY}T00:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The last day a request may name: one year after today (UTC). */
export function latestDay(now: Date = new Date()): string {
  const day = new Date(now);
  day.setUTCFullYear(day.getUTCFullYear() + 1);
  return isoDay(day);
}

/**
 * The earliest start of a range ending on `end` (both 'YYYY-MM-DD'): the same calendar day one
 * year earlier, minus 14 days, as the date pickers offer. 29 February falls back to 28.
 */
export function earliestRangeStart(end: string): string {
  const [year, month, date] = end.split('-').map(Number) as [number, number, number];
  const lastOfMonth = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year - 1, month - 1, Math.min(date, lastOfMonth)) - 14 * DAY_MS));
}

let bounds = { today: Number.NaN, latest: '', latestEnd: 0 };

/** The last day a request may name and the instant it ends; worked out once a day, as the ingest checks every event. */
function latestBounds() {
  const today = Math.floor(Date.now() / DAY_MS);
  if (today !== bounds.today) {
    const latest = latestDay();
    bounds = { today, latest, latestEnd: Date.parse(`${latest}T00:00:00Z`) + DAY_MS };
  }
  return bounds;
}

const outOfRange = (latest: string) => `must be a day from ${MIN_DAY} to ${latest}`;

/** A UTC calendar day, YYYY-MM-DD, from 2000 to a year ahead (an ISO date-time is accepted and cut to its UTC day). */
export const dayField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)) ? isoDay(new Date(v)) : v),
  z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).superRefine((day, ctx) => {
    const { latest } = latestBounds();
    if (day < MIN_DAY || day > latest) ctx.addIssue({ code: 'custom', message: outOfRange(latest) });
  }),
);

/** A calendar month, YYYY-MM, from 2000 to a year ahead. */
export const monthField = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month (YYYY-MM)')
  .superRefine((month, ctx) => {
    const latest = latestBounds().latest.slice(0, 7);
    if (month < MIN_DAY.slice(0, 7) || month > latest) ctx.addIssue({ code: 'custom', message: `must be a month from ${MIN_DAY.slice(0, 7)} to ${latest}` });
  });

/** An id a device gives what it creates offline (a UUID), so a replay of the creation is recognized. */
export const clientIdField = z.uuid('must be a UUID');

/** An instant, ISO 8601 with its offset, from 2000 to a year ahead. */
export const dateTimeField = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' }).superRefine((value, ctx) => {
  // Refinements run after a failed format check too: a value that is no instant is left to that check.
  const time = Date.parse(value);
  const { latest, latestEnd } = latestBounds();
  if (time < MIN_TIME || time >= latestEnd) ctx.addIssue({ code: 'custom', message: outOfRange(latest) });
});

/**
 * The checks of a startDate–endDate pair: in order, and no longer than the pickers allow (1 year
 * and 2 weeks). Add with `.superRefine(checkDayRange)`; a pair with either end absent passes.
 */
export function checkDayRange(q: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx): void {
  // Object refinements run even when a field failed its own check: compare only two real days.
  if (!isDay(q.startDate) || !isDay(q.endDate)) return;
  if (q.startDate > q.endDate) {
    ctx.addIssue({ code: 'custom', message: 'startDate must not be after endDate', path: ['startDate'] });
  } else if (q.startDate < earliestRangeStart(q.endDate)) {
    ctx.addIssue({ code: 'custom', message: `${DATE_RANGE_MESSAGE}: for endDate ${q.endDate}, startDate ${earliestRangeStart(q.endDate)} or later`, path: ['startDate'] });
  }
}

// ---- Devices ---------------------------------------------------------------------------------

// Two MAC schemas, one per kind of sender; both give the stored form 'AA:BB:CC:DD:EE:FF'.
// - `macField`: what a device sends (gateway events, the `x-gateway-mac` header). Devices send the
//   stored form already, so only case and surrounding spaces are forgiven; other separators are refused.
// - `typedMacField`: what a person types or scans (badge creation, MAC lookup, kiosk assignments).
//   Any spelling of twelve hex digits is taken (separators stripped) and regrouped in pairs.

/** The answer to a typed or scanned MAC that is not twelve hex digits. */
export const MAC_FORMAT_MESSAGE = 'MAC must be 17 characters (colon-separated uppercase pairs).';
const MAC = /^([0-9A-F]{2}:){5}[0-9A-F]{2}$/;

/** A MAC as a device sends it: six colon-separated hex pairs (any case, surrounding spaces trimmed). */
export const macField = z.string().trim().toUpperCase().regex(MAC, 'must be a MAC address like AA:BB:CC:DD:EE:FF');

/** Scanned or typed MAC text as stored: non-alphanumerics stripped, upper-cased, regrouped in colon-separated pairs. */
export function normalizeMac(value: string): string {
  const raw = value.replace(/[^0-9a-z]/gi, '').toUpperCase();
  return raw.match(/.{1,2}/g)?.join(':') ?? '';
}

/** A MAC in any of the spellings a scan or a person gives (separators stripped), normalized. */
export const typedMacField = textField(64)
  .transform(normalizeMac)
  .pipe(z.string().regex(MAC, MAC_FORMAT_MESSAGE));

// ---- Bodies ----------------------------------------------------------------------------------

/**
 * A JSON body object that refuses fields it does not know: a misspelt field is an error the
 * caller hears about, not an edit that silently does less than they meant.
 */
export function bodyObject<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')}` : undefined),
  });
}
