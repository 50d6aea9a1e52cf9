import type { z } from 'zod';
import {
  MAX_PATHS_PER_LOCATION,
  PATH_LIMIT_MESSAGE,
  type addPathBodySchema,
  type Path,
  type removePathBodySchema,
} from '../../contracts/paths';
import type { Database } from '../../db/client';
import { HttpError } from '../../core/http-error';
import type { Caller } from '../../core/caller';
import { requireLocationInScope } from '../locations';
import { countPaths, deletePath, findByClientId, insertPath, listPaths } from './paths.repo';

type AddPathBody = z.output<typeof addPathBodySchema>;
type RemovePathBody = z.output<typeof removePathBodySchema>;

/** The Path Builder's calls: every one names a location, which must be in the caller's scope (404 otherwise). */
export function createPathsService(db: Database) {
  const scoped = async (caller: Caller, groupId: number) => requireLocationInScope(await caller.scope(), groupId);

  return {
    async list(caller: Caller, groupId: number): Promise<Path[]> {
      await scoped(caller, groupId);
      return listPaths(db, groupId);
    },

    /** Adds a path; the same client id again answers the path it made (`created` false). */
    async add(caller: Caller, groupId: number, body: AddPathBody): Promise<{ path: Path; created: boolean }> {
      await scoped(caller, groupId);
      const existing = await findByClientId(db, groupId, body.clientId);
      if (existing) return { path: existing, created: false };
      if ((await countPaths(db, groupId)) >= MAX_PATHS_PER_LOCATION) throw new HttpError(400, PATH_LIMIT_MESSAGE);
      return insertPath(db, groupId, body);
    },

    async remove(caller: Caller, groupId: number, body: RemovePathBody): Promise<{ removed: boolean }> {
      await scoped(caller, groupId);
      return { removed: await deletePath(db, groupId, body) };
    },
  };
}
