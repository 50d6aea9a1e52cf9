import { Alert } from '@mantine/core';
import type { Group, UserSummary } from '@contracts/entities';
import { useMemo } from 'react';
import { descendantIds } from '@/components/filters';
import { useSession } from '@/lib/session-context';

// Group-only units (docs/PRIVACY.md 'Group-only units'): the people whose home location is a
// group-only unit, or lies below one, are named in reports only to themselves and the provider's
// employees. The server masks their names and refuses their own pages to everyone else; the app
// leaves them out of the report pickers and says why when one is asked for by address.

/** The people `viewer` sees no name of in reports, by id. */
export function groupOnlyPeople(viewer: { id: number; isEmployee: boolean }, users: readonly UserSummary[], groups: readonly Group[]): Set<number> {
  if (viewer.isEmployee) return new Set();
  const units = new Set<number>();
  for (const g of groups) if (g.groupOnly) for (const id of [g.id, ...descendantIds(groups, g.id)]) units.add(id);
  if (units.size === 0) return new Set();
  return new Set(users.filter((u) => u.id !== viewer.id && u.groupId !== null && units.has(u.groupId)).map((u) => u.id));
}

/** The signed-in user's group-only people (see groupOnlyPeople). */
export function useGroupOnlyPeople(): Set<number> {
  const { user: me, bootstrap } = useSession();
  return useMemo(() => groupOnlyPeople(me, bootstrap.users, bootstrap.groups), [me, bootstrap.users, bootstrap.groups]);
}

/** In place of a group-only person's figures: why they are not shown. */
export function GroupOnlyNotice() {
  return (
    <Alert color="blue" variant="light" title="Group figures only">
      This person's unit shows group figures only: their figures count in every total, ranking by profession and unit, and only
      they and the provider see them by name.
    </Alert>
  );
}
