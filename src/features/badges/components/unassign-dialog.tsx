import { UnassignWearableDialog } from '@/widgets/wearable-holders/unassign-wearable-dialog';
import type { BadgeRow } from '../badge-rows';
import type { BadgeUser } from '../outbox-handlers';

/** Asks 'Please confirm unassigning {name}', then queues the badge's unassignment and reports it. */
export function UnassignDialog({ device, onClose }: { device: (BadgeRow & { user: BadgeUser }) | null; onClose: () => void }) {
  const target = device && { mac: device.mac, wearableId: device.id, deviceType: 'BADGE' as const, code: device.code, user: device.user };
  return <UnassignWearableDialog target={target} onClose={onClose} />;
}
