import { Button, Menu } from '@mantine/core';
import type { UserListRow } from '@contracts/user-list';
import { ACTION_LABELS, planOf, type GroupAction } from '../access-rules';
import type { AccessOperations } from './access-operations-dialog';

const GROUP_ACTIONS: readonly GroupAction[] = ['revoke', 'grant', 'invite'];

/**
 * The group-actions menu (docs/SCREENS.md 'Access Management'): each action with how many of the
 * selected users it applies to.
 */
export function GroupActionsMenu({ selected, myId, onChoose }: { selected: readonly UserListRow[]; myId: number; onChoose: (plan: AccessOperations) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button mih={44} variant="default" disabled={selected.length === 0}>
          {`Group Actions (${selected.length} selected)`}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {GROUP_ACTIONS.map((action) => {
          const plan = planOf(selected, action, myId);
          return (
            <Menu.Item key={action} mih={44} disabled={plan.apply.length === 0} onClick={() => onChoose({ action, ...plan })}>
              {`${ACTION_LABELS[action]} (${plan.apply.length} of ${selected.length})`}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
