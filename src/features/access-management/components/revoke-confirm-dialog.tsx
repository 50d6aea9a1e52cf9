import { Stack, Text } from '@mantine/core';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { userName } from '../access-rules';
import { SkippedNote, type AccessOperations } from './access-operations-dialog';

/** Asks before Revoke Access, for one user or a group: they are signed out, deactivated and their device unassigned. */
export function RevokeConfirmDialog({ plan, onConfirm, onCancel }: { plan: AccessOperations | null; onConfirm: () => void; onCancel: () => void }) {
  const rows = plan?.apply ?? [];
  const who = rows.length === 1 ? userName(rows[0]!) : `${rows.length} users`;
  const devices = rows.some((r) => r.device) ? ' Any device assigned to them is unassigned.' : '';
  return (
    <ConfirmDialog opened={plan !== null} title="Revoke Access" confirmLabel="Revoke Access" destructive onConfirm={onConfirm} onCancel={onCancel}>
      <Stack gap="sm">
        <Text>{`Revoke site access for ${who}? They are signed out at their next request, cannot sign in, and are deactivated.${devices}`}</Text>
        {plan && plan.skip.length > 0 && <SkippedNote rows={plan.skip} />}
      </Stack>
    </ConfirmDialog>
  );
}
