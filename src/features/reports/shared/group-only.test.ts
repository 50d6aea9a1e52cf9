import type { Group, UserSummary } from '@contracts/entities';
import { describe, expect, it } from 'vitest';
import { groupOnlyPeople } from './group-only';

// docs/PRIVACY.md 'Group-only units': who the app leaves out of the report pickers.

const group = (id: number, parentId: number | null, groupOnly = false) => ({ id, parentId, name: `G${id}`, groupOnly }) as Group;
const user = (id: number, groupId: number | null) => ({ id, groupId, organizationId: 3 }) as UserSummary;
const GROUPS = [group(1, null), group(2, 1, true), group(3, 2), group(4, 1)];
const USERS = [user(10, 2), user(11, 3), user(12, 4), user(13, null)];

describe('groupOnlyPeople', () => {
  it('holds the people whose home is a group-only unit or below one', () => {
    expect([...groupOnlyPeople({ id: 99, isEmployee: false }, USERS, GROUPS)].sort()).toEqual([10, 11]);
  });

  it('never holds the viewer, and nobody for the provider’s employees', () => {
    expect([...groupOnlyPeople({ id: 11, isEmployee: false }, USERS, GROUPS)]).toEqual([10]);
    expect(groupOnlyPeople({ id: 99, isEmployee: true }, USERS, GROUPS).size).toBe(0);
  });

  it('is empty where no unit is group-only', () => {
    expect(groupOnlyPeople({ id: 99, isEmployee: false }, USERS, GROUPS.map((g) => ({ ...g, groupOnly: false }))).size).toBe(0);
  });
});
