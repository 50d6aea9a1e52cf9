import { z } from 'zod';
import { flagParam, idParam } from '../../server/src/contracts/fields';
import { reportDateSchema } from '../../server/src/contracts/reports/common';

// The building blocks of every page's address schema (its query string, docs/SCREENS.md 'Shared filter state').
// An address is read leniently: a value that cannot be read counts as absent, so the page's
// defaults apply, and reading never fails. The router has already read digit-only
// values as numbers, 'true' and 'false' as booleans and a repeated parameter as a list. Each
// block's input type is what a page may write; null and empty text write nothing.

type Scalar = string | number;

/** The ids in a number, '3,5', [3, 5] or ['3', '5'], each once; parts that are no id are left out. */
function readIds(value: Scalar | Scalar[] | null): number[] | undefined {
  if (value === null) return undefined;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v): Scalar[] => (typeof v === 'string' ? v.split(',') : [v]));
  const ids = parts.flatMap((part) => {
    const id = idParam.safeParse(typeof part === 'string' ? part.trim() : part);
    return id.success ? [id.data] : [];
  });
  return ids.length > 0 ? [...new Set(ids)] : undefined;
}

const scalars = z.union([z.number(), z.string(), z.null(), z.array(z.union([z.number(), z.string()]))]);

/** A list of ids; none readable is absent. */
export const addressIds = scalars.transform(readIds).optional().catch(undefined);

/** One id: the first readable one (a list given for a single id yields its first). */
export const addressId = scalars
  .transform((value) => readIds(value)?.[0])
  .optional()
  .catch(undefined);

/** Text as written (spaces kept: a search box writes what is typed); empty is absent. */
export const addressText = z
  .union([z.string(), z.number(), z.null()])
  .transform((value) => (value === null || value === '' ? undefined : String(value)))
  .optional()
  .catch(undefined);

/** Text trimmed (a code or a saved search); blank is absent. */
export const addressTrimmedText = z
  .union([z.string(), z.number(), z.null()])
  .transform((value) => (value === null ? undefined : String(value).trim() || undefined))
  .optional()
  .catch(undefined);

/** A UTC calendar day, YYYY-MM-DD, that a report may ask for (a date-time counts as its UTC day). */
export const addressDay = z
  .string()
  .transform((value) => reportDateSchema.safeParse(value).data)
  .optional()
  .catch(undefined);

/** A flag: true or false (as the router reads them, or as text). */
export const addressFlag = z.union([z.boolean(), flagParam]).optional().catch(undefined);

/** One of `values`; anything else is absent. */
export function addressChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}

/**
 * A list page's address: the location (`groupId`), one of the page's `statuses` (no status: the
 * page's default, every row) and the search text, as the NFC and badge lists keep them.
 */
export function listPageSearch<const T extends readonly [string, ...string[]]>(statuses: T) {
  return z.object({ groupId: addressId, status: addressChoice(statuses), search: addressText });
}

/** The schema of a page that keeps nothing in its address. */
export const noSearch = z.object({});

/** A page's address schema, as the route table holds it. */
export type AddressSchema = z.ZodType<object, object>;

/**
 * How the router reads a value of the address: only a JSON object or list (as `addressValueText`
 * writes anything else than text and ids) is parsed; everything else stays text, which the
 * blocks above read. So a code or a search such as '123456' or 'true' is written and read as it
 * was typed, never quoted ('%22123456%22') or turned into a number.
 */
export function addressJson(text: string): unknown {
  if (!text.startsWith('{') && !text.startsWith('[')) throw new SyntaxError('text, not JSON');
  return JSON.parse(text);
}

/**
 * How the router writes a value other than plain text: a list of ids as '3,5' (a single one as
 * '3'), as the address has always carried them and the schemas read them; anything else as JSON.
 */
export function addressValueText(value: unknown): string {
  return Array.isArray(value) && value.every((item) => typeof item === 'number') ? value.join(',') : JSON.stringify(value);
}
