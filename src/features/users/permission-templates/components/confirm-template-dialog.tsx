import { ConfirmDialog } from '@/components/confirm-dialog';
import { ROLE_TEXT } from '@/entities/roles/messages';

/** Asks before saving a default template, which every organization shares (docs/SCREENS.md 'Permission templates'). */
export function ConfirmTemplateDialog(props: { opened: boolean; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title="Confirm Template" confirmLabel="Save Template" {...props}>
      {ROLE_TEXT.defaultWarning}
    </ConfirmDialog>
  );
}
