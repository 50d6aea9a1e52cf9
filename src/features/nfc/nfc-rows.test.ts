import type { NfcTag } from '@contracts/nfc';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '@/offline/db';
import { NFC_ASSIGN, NFC_CREATE } from './outbox-handlers';
import { filterRows, homeOrganizationsOf, mergeQueued } from './nfc-rows';

const tag = (nfcId: string, user: { id: number; firstName: string; lastName: string } | null, active = true): NfcTag => ({
  id: nfcId.charCodeAt(0),
  nfcId,
  nfcShortId: 'S1',
  groupId: 5,
  groupName: 'Ward 3',
  active,
  userId: user?.id ?? null,
  user: user ? { ...user, userName: 'x' } : null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const item = (type: string, payload: unknown, status: OutboxItem['status'] = 'pending'): OutboxItem => ({
  id: crypto.randomUUID(),
  userSub: 's',
  type,
  entity: 'e',
  payload,
  createdAt: 0,
  attempts: 0,
  status,
  lastError: null,
  nextAttemptAt: 0,
});

describe('NFC rows', () => {
  it('shows a tag added offline as a pending row and an offline assignment as its new holder', () => {
    const rows = mergeQueued(
      [tag('AAAAAAAAAAAAAA', null)],
      [
        item(NFC_CREATE, { body: { nfcId: 'BBBBBBBBBBBBBB', nfcShortId: 'B', groupId: 5, active: true, userId: null }, groupName: 'Ward 3', userName: null }),
        item(NFC_ASSIGN, { nfcId: 'AAAAAAAAAAAAAA', userId: 9, expectedUserId: null, userName: 'Dana Ortiz', previousUserName: null }),
        item(NFC_ASSIGN, { nfcId: 'BBBBBBBBBBBBBB', userId: 8, expectedUserId: null, userName: 'Sam Reed', previousUserName: null }),
      ],
    );
    expect(rows.map((r) => [r.nfcId, r.id === null, r.userName, r.change])).toEqual([
      ['AAAAAAAAAAAAAA', false, 'Dana Ortiz', 'pending'],
      ['BBBBBBBBBBBBBB', true, 'Sam Reed', 'pending'],
    ]);
  });

  it('keeps the server’s holder on a refused change, marked as failed', () => {
    const rows = mergeQueued(
      [tag('AAAAAAAAAAAAAA', { id: 3, firstName: 'Lee', lastName: 'Park' })],
      [item(NFC_ASSIGN, { nfcId: 'AAAAAAAAAAAAAA', userId: 9, expectedUserId: null, userName: 'Dana Ortiz', previousUserName: null }, 'failed')],
    );
    expect(rows[0]).toMatchObject({ userName: 'Lee Park', change: 'failed' });
  });

  it('filters by status and by words of the id, location or holder', () => {
    const rows = mergeQueued([tag('AAAAAAAAAAAAAA', { id: 3, firstName: 'Lee', lastName: 'Park' }), tag('CCCCCCCCCCCCCC', null, false)], []);
    expect(filterRows(rows, 'active', '').map((r) => r.nfcId)).toEqual(['AAAAAAAAAAAAAA']);
    expect(filterRows(rows, 'inactive', '').map((r) => r.nfcId)).toEqual(['CCCCCCCCCCCCCC']);
    expect(filterRows(rows, null, 'lee park').map((r) => r.nfcId)).toEqual(['AAAAAAAAAAAAAA']);
    expect(filterRows(rows, null, 'cccc').map((r) => r.nfcId)).toEqual(['CCCCCCCCCCCCCC']);
  });
});

describe('the organizations the Assign dialog offers first', () => {
  const organizations = [
    { id: 3, name: "St. Mary's Hospital", parentId: null, accessible: true },
    { id: 5, name: "St. Mary's ICU", parentId: 3, accessible: true },
    { id: 6, name: "St. Mary's Emergency", parentId: 3, accessible: true },
    { id: 9, name: 'Riverside ICU', parentId: null, accessible: true },
  ];
  const groups = [
    { id: 2, organizationId: 3 },
    { id: 6, organizationId: 5 },
    { id: 15, organizationId: 9 },
  ];

  it('are each tag’s location’s organization with those under it', () => {
    expect([...(homeOrganizationsOf([{ groupId: 6 }], groups, organizations) ?? [])]).toEqual([5]);
    expect([...(homeOrganizationsOf([{ groupId: 2 }, { groupId: 15 }], groups, organizations) ?? [])].sort()).toEqual([3, 5, 6, 9]);
  });

  it('are none to narrow by when no tag’s location is known', () => {
    expect(homeOrganizationsOf([{ groupId: 999 }], groups, organizations)).toBeNull();
    expect(homeOrganizationsOf([], groups, organizations)).toBeNull();
  });
});
