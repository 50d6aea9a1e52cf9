import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ImportUsersDialog } from './import-users-dialog';

/** The Users page's Import button (docs/SCREENS.md 'Users'): disabled while no organization is selected. */
export function ImportUsersButton({ organizationIds }: { organizationIds: readonly number[] }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open} disabled={organizationIds.length === 0} mih={44}>
        Import
      </Button>
      <ImportUsersDialog opened={opened} onClose={close} />
    </>
  );
}
