import type { NfcTag, NfcTagStatus } from '@contracts/nfc';
import { descendantIds, type TreeNode } from '@/components/filters';
import type { OutboxItem } from '@/offline/db';
import { NFC_ASSIGN, NFC_CREATE, type NfcAssignPayload, type NfcCreatePayload } from './outbox-handlers';

/** A row of the NFC table: the server's tag with this device's queued edits laid over it. */
export interface NfcRow {
  nfcId: string;
  nfcShortId: string;
  /** The server's id; null for a tag added here and not sent yet. */
  id: number | null;
  groupId: number;
  groupName: string;
  active: boolean;
  userId: number | null;
  userName: string | null;
  /** The change still queued for this tag: pending (will be sent) or failed (refused, see the outbox). */
  change: 'pending' | 'failed' | null;
}

const fullName = (user: { firstName: string; lastName: string } | null) => (user ? `${user.firstName} ${user.lastName}`.trim() : null);

function fromTag(tag: NfcTag): NfcRow {
  return {
    nfcId: tag.nfcId,
    nfcShortId: tag.nfcShortId,
    id: tag.id,
    groupId: tag.groupId,
    groupName: tag.groupName,
    active: tag.active,
    userId: tag.userId,
    userName: fullName(tag.user),
    change: null,
  };
}

/**
 * The tags as the technician expects to see them: every queued edit shows at once (a tag added
 * offline as a new row, an assignment as its new holder), marked until the server has it.
 */
export function mergeQueued(tags: readonly NfcTag[], queued: readonly OutboxItem[]): NfcRow[] {
  const rows = new Map(tags.map((tag) => [tag.nfcId, fromTag(tag)]));
  for (const item of queued) {
    const change = item.status;
    if (item.type === NFC_CREATE) {
      const { body, groupName, userName } = item.payload as NfcCreatePayload;
      if (rows.has(body.nfcId)) {
        (rows.get(body.nfcId) as NfcRow).change = change;
        continue;
      }
      rows.set(body.nfcId, {
        nfcId: body.nfcId,
        nfcShortId: body.nfcShortId,
        id: null,
        groupId: body.groupId,
        groupName,
        active: body.active ?? true,
        userId: body.userId ?? null,
        userName,
        change,
      });
    } else if (item.type === NFC_ASSIGN) {
      const payload = item.payload as NfcAssignPayload;
      const row = rows.get(payload.nfcId);
      if (!row) continue;
      // A refused change leaves the server's holder on screen; the marker says why.
      if (change === 'pending') {
        row.userId = payload.userId;
        row.userName = payload.userName;
      }
      row.change = change === 'failed' || row.change === 'failed' ? 'failed' : 'pending';
    }
  }
  return [...rows.values()];
}

/** The rows the filters keep: status, and a search over the ids, the location and the holder. */
export function filterRows(rows: readonly NfcRow[], status: NfcTagStatus | null, search: string): NfcRow[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (status === 'active' && !row.active) return false;
    if (status === 'inactive' && row.active) return false;
    const text = `${row.nfcId}${row.nfcShortId} ${row.nfcShortId} ${row.groupName} ${row.userName ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * The organizations whose users the Assign dialog offers first for `tags`: each tag's location's
 * organization with those under it; null when no tag's location is known (everyone is offered).
 */
export function homeOrganizationsOf(
  tags: readonly Pick<NfcRow, 'groupId'>[],
  groups: readonly { id: number; organizationId: number }[],
  organizations: readonly TreeNode[],
): Set<number> | null {
  const roots = new Set(tags.flatMap((t) => groups.find((g) => g.id === t.groupId)?.organizationId ?? []));
  if (roots.size === 0) return null;
  return new Set([...roots].flatMap((id) => [id, ...descendantIds(organizations, id)]));
}
