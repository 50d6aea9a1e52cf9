import { OPERATIONS_PAGES } from '../../contracts/operations';
import { HttpError } from '../../core/http-error';
import { forPages, mayUse } from '../../core/access';
import type { Caller } from '../../core/caller';

/** Any of the operations pages: the shared calls (settings, operations, presets) check the device kind themselves. */
export const ANY_OPERATIONS_PAGE = forPages(...Object.values(OPERATIONS_PAGES));

/** The device kinds the caller may operate: those whose page they may open. */
export function operableTypesOf(caller: Caller): string[] {
  return Object.entries(OPERATIONS_PAGES)
    .filter(([, page]) => mayUse(caller, page))
    .map(([type]) => type);
}

/** Fails 403 unless the caller may operate devices of the type. */
export function requireOperable(caller: Caller, type: string): void {
  if (!operableTypesOf(caller).includes(type)) throw new HttpError(403, `You may not operate devices of type ${type}`);
}
