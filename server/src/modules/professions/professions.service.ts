import type { Profession } from '../../contracts/entities';
import { professionCode, type ProfessionBody } from '../../contracts/professions';
import { PROVIDER_ORGANIZATION_ID } from '../../contracts/permissions';
import type { Database } from '../../db/client';
import type { ProfessionRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import type { Caller } from '../../core/caller';
import { findVisibleCode, insertProfession, listProfessionsOf } from './professions.repo';

const toProfession = (row: ProfessionRow): Profession => ({ id: row.code, professionId: row.code, name: row.name, organizationId: row.organizationId, pid: row.pid });

/** Organization 1's professions are the global list (a null organization in the table). */
const ownerOf = (organizationId: number) => (organizationId === PROVIDER_ORGANIZATION_ID ? null : organizationId);

const duplicateMessage = (name: string, code: string) => `A profession with the ID ${code} already exists: choose another name than "${name}"`;

/** The Professions screen (docs/SCREENS.md 'Screens', Professions). */
export function createProfessionsService(db: Database) {
  return {
    /** Organization 1's users see the global list; others the global list and their organizations' own. */
    async list(caller: Caller): Promise<Profession[]> {
      if (caller.user.organizationId === PROVIDER_ORGANIZATION_ID) return (await listProfessionsOf(db, [])).map(toProfession);
      const scope = await caller.scope();
      return (await listProfessionsOf(db, [caller.user.organizationId, ...scope.organizationIds])).map(toProfession);
    },

    /** The professions an organization of the caller's scope sees: the global ones and its own. */
    async listFor(caller: Caller, organizationId: number): Promise<Profession[]> {
      const scope = await caller.scope();
      if (!scope.organizationIds.has(organizationId)) throw new HttpError(404, 'Organization not found');
      const owner = ownerOf(organizationId);
      return (await listProfessionsOf(db, owner === null ? [] : [owner])).map(toProfession);
    },

    /** Adds a profession to an organization of the caller's scope (organization 1: the global list). */
    async create(caller: Caller, body: ProfessionBody): Promise<Profession> {
      const { name, organizationId } = body.data;
      const scope = await caller.scope();
      if (!scope.organizationIds.has(organizationId)) throw new HttpError(404, 'Organization not found');
      const code = professionCode(name);
      const owner = ownerOf(organizationId);
      if (await findVisibleCode(db, code, owner)) throw new HttpError(409, duplicateMessage(name, code));
      const row = await insertProfession(db, { code, name, organizationId: owner });
      // Another request may have added it between the check and the insert.
      if (!row) throw new HttpError(409, duplicateMessage(name, code));
      return toProfession(row);
    },
  };
}
