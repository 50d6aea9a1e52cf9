import type { FastifyBaseLogger } from 'fastify';
import type { EditorAction, EditorEntity, EditorItem, EditorItemResult } from '../../contracts/editor';
import type { Database } from '../../db/client';
import { DEVICES_MAC_CONSTRAINT } from '../devices';
import { writeRefusalOf } from '../../core/database-error';
import type { Scope } from '../../core/scope';
import { EditorItemRefusal } from './editor-errors';

/** What every item of one save is applied with. */
export interface SaveContext {
  /** The save's transaction. */
  db: Database;
  scope: Scope;
  /** The location being edited. */
  groupId: number;
  log: FastifyBaseLogger;
}

/** The answer for one item. */
export function resultOf(
  index: number,
  item: EditorItem,
  action: EditorAction,
  entity: EditorEntity | null,
  replacement: EditorItemResult['replacement'] = null,
): EditorItemResult {
  return { index, entityType: item.entityType, sentId: item.id ?? null, action, entity, replacement };
}

/**
 * What a save did to an entity: a staged one (or a new one sent with publish) going live is
 * published; otherwise a new one is added and a stored one edited.
 */
export function actionOf(item: Pick<EditorItem, 'publish'>, stored: { staged: boolean } | null, staged: boolean): EditorAction {
  if (!staged && (stored ? stored.staged : item.publish === true)) return 'PUBLISHED';
  return stored ? 'EDITED' : 'ADDED';
}

/** The staging an item asks for: publish makes it live; else as sent, else as stored (live for a new one). */
export function stagedOf(item: Pick<EditorItem, 'publish' | 'staged'>, stored: { staged: boolean } | null): boolean {
  if (item.publish) return false;
  return item.staged ?? stored?.staged ?? false;
}

/** JSON with object keys sorted, so that equal values read equal whatever order the database keeps keys in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether writing `values` over `row` would change nothing. */
export function unchanged<T extends object>(row: T, values: Partial<T>): boolean {
  return Object.entries(values).every(([key, value]) => canonical(row[key as keyof T]) === canonical(value));
}

/**
 * A write the database refused, as the item's refusal with `message` (a MAC taken meanwhile is
 * 409, anything else 400); a failure that may pass on its own is passed on unchanged (5xx).
 */
export function writeFailure(ctx: SaveContext, error: unknown, message: string, index: number, item: EditorItem): unknown {
  if (error instanceof EditorItemRefusal) return error;
  const refusal = writeRefusalOf(error, { conflicts: { [DEVICES_MAC_CONSTRAINT]: message }, unknown: message, what: 'A Location Editor save' }, ctx.log);
  return refusal ? new EditorItemRefusal(refusal.statusCode, message, index, item) : error;
}
