import { Badge, Button, Stack } from '@mantine/core';
import type { OrganizationBody } from '@contracts/organizations';
import type { Organization } from '@contracts/entities';
import { PROVIDER_ORGANIZATION_ID } from '@contracts/permissions';
import { useState } from 'react';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { useLocations } from '@/entities/locations/api/get-locations';
import { saveWithToasts } from '@/components/save-with-toasts';
import { EntityTree, TreeStates } from '@/widgets/entity-tree/entity-tree';
import { NodeAction } from '@/widgets/entity-tree/node-actions';
import { useOrganizations } from '../api/get-organizations';
import { useSaveOrganization } from '../api/save-organization';
import { OrganizationForm } from '../components/organization-form';

/** The cookie that remembers the open nodes of the organization tree. */
export const ORGANIZATION_TREE_COOKIE = 'lavo-organization-tree';

const ACCOUNT_TYPE_COLORS = { LAVO: 'blue', PRO: 'grape', BASIC: 'gray' } as const;

type Editing = { organization: Organization | null; parent: Organization | null };

/** Organizations: the tree with an account-type badge on each node, Edit and Add Child where the user has access. */
export default function OrganizationsPage({ entry }: { entry: { title: string } }) {
  const { user, accountType } = useSession();
  const organizations = useOrganizations();
  const locations = useLocations();
  const save = useSaveOrganization();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = organizations.data ?? [];
  // A top-level organization sits under organization 1: only the provider's own people add one.
  const isEmployee = user.organizationId === PROVIDER_ORGANIZATION_ID;

  const onSave = async (body: OrganizationBody) => {
    await saveWithToasts(() => save.mutateAsync(body), body.id ? 'Organization successfully updated!' : 'Organization successfully created!');
    setEditing(null);
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={entry.title}
        actions={
          isEmployee && (
            <Button mih={44} onClick={() => setEditing({ organization: null, parent: null })} disabled={!organizations.data}>
              Add
            </Button>
          )
        }
      />
      <OfflineStamp updatedAt={organizations.dataUpdatedAt} hasData={organizations.data !== undefined} />
      <TreeStates query={organizations} unavailable="The organizations have not been loaded on this device yet.">
        {(nodes) => (
          <EntityTree
            label="Organizations"
            nodes={nodes}
            cookieName={ORGANIZATION_TREE_COOKIE}
            renderTag={(o) => (
              <Badge variant="light" color={ACCOUNT_TYPE_COLORS[o.accountType]} aria-label={`Account type ${o.accountType}`}>
                {o.accountType}
              </Badge>
            )}
            renderActions={(o) => (
              <>
                <NodeAction label={`Edit ${o.name}`} onClick={() => setEditing({ organization: o, parent: null })}>
                  Edit
                </NodeAction>
                <NodeAction label={`Add child to ${o.name}`} onClick={() => setEditing({ organization: null, parent: o })}>
                  Add Child
                </NodeAction>
              </>
            )}
          />
        )}
      </TreeStates>
      {editing && (
        <OrganizationForm
          opened
          onClose={() => setEditing(null)}
          organization={editing.organization}
          parent={editing.parent}
          organizations={list}
          locations={locations.data ?? []}
          ownAccountType={accountType}
          isEmployee={isEmployee}
          onSave={onSave}
        />
      )}
    </Stack>
  );
}
