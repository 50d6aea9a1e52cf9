import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import { subtreesWithin, type Scope, type TreeRow } from '../../core/scope';
import { loadGroupTree, loadOrganizationTree } from './locations.repo';

// Locations and organizations as a caller asks for them: one or more roots, each with every
// descendant, inside the caller's scope. A root outside the scope is answered 404, as if it did
// not exist.

export const LOCATION_NOT_FOUND = 'Location not found';
export const ORGANIZATION_NOT_FOUND = 'Organization not found';

function within(tree: readonly TreeRow[], allowed: ReadonlySet<number>, roots: readonly number[], notFound: string): number[] {
  const ids = subtreesWithin(tree, allowed, roots);
  if (!ids) throw new HttpError(404, notFound);
  return ids;
}

/**
 * The locations under `roots` (each included) inside the scope; no roots asked (undefined), the
 * whole scope; an empty list, none. A root outside the scope is answered 404 'Location not found'.
 */
export async function locationsUnder(db: Database, scope: Scope, roots: readonly number[] | undefined): Promise<number[]> {
  if (roots === undefined) return [...scope.groupIds];
  return within(roots.length ? await loadGroupTree(db) : [], scope.groupIds, roots, LOCATION_NOT_FOUND);
}

/** The organizations under `roots`, the same way; a root outside the scope is 404 'Organization not found'. */
export async function organizationsUnder(db: Database, scope: Scope, roots: readonly number[]): Promise<number[]> {
  return within(roots.length ? await loadOrganizationTree(db) : [], scope.organizationIds, roots, ORGANIZATION_NOT_FOUND);
}

/** Fails 404 'Location not found' unless the location is in the scope. */
export function requireLocationInScope(scope: Scope, groupId: number): void {
  if (!scope.groupIds.has(groupId)) throw new HttpError(404, LOCATION_NOT_FOUND);
}
