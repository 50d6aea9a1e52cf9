import type { AuditUnit } from '@contracts/observation-audits';
import { NFC_ID_LENGTH } from '@/components/scanning';

type StaffMember = AuditUnit['staff'][number];

/** Upper-case letters and digits alone: 'aa:bb-cc' and 'AABBCC' are the same code. */
const plain = (code: string) => code.toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * The member of the unit's staff a scanned code names: the MAC of a wearable they hold (a badge's
 * QR code), or the id of their NFC tag, whole or its first 14 characters, the part that names a
 * tag (docs/OFFLINE.md 'NFC Tag Assignment'; a reader may give either). Null when the code names
 * nobody on the unit. Read from the unit kept on the device, so it works without signal.
 */
export function staffByBadge(unit: AuditUnit, code: string): StaffMember | null {
  const scanned = plain(code);
  if (!scanned) return null;
  const tagMatches = (tag: string) => {
    const id = plain(tag);
    return id === scanned || (scanned.length >= NFC_ID_LENGTH && id.startsWith(scanned));
  };
  return unit.staff.find((member) => member.wearableMacs.some((mac) => plain(mac) === scanned) || member.nfcTags.some(tagMatches)) ?? null;
}
