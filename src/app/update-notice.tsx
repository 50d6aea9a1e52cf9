import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

const UPDATE_NOTICE_ID = 'app-update-available';

/** Shows the 'Update available' notice; Reload switches to the waiting version. */
export function showUpdateNotice(activate: () => void): void {
  notifications.show({
    id: UPDATE_NOTICE_ID,
    title: 'Update available',
    autoClose: false,
    withCloseButton: true,
    message: (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">A new version of Lavo is ready.</Text>
        <Button size="xs" onClick={activate}>
          Reload
        </Button>
      </Group>
    ),
  });
}
