import { Badge, Button, Stack } from '@mantine/core';
import type { Group as Location } from '@contracts/entities';
import { useState } from 'react';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { saveWithToasts } from '@/components/save-with-toasts';
import { EntityTree, TreeStates } from '@/widgets/entity-tree/entity-tree';
import { NodeAction, NodeLink } from '@/widgets/entity-tree/node-actions';
import { useLocations } from '@/entities/locations/api/get-locations';
import { useSaveLocation, type LocationUpload } from '../api/save-location';
import { LocationForm } from '../components/location-form';
import { codeWords } from '@/lib/format';

/** The cookie that remembers the open nodes of the location tree. */
export const LOCATION_TREE_COOKIE = 'lavo-location-tree';

type Editing = { location: Location | null; parent: Location | null };

/** Where a location's rooms are drawn: the Location Editor's zones (docs/SCREENS.md 'Locations'). */
export const roomsHref = (id: number) => `/app/maintenance/editor?groupId=${id}`;
export const pathsHref = (id: number) => `/app/maintenance/path-builder?groupId=${id}`;

/** Locations: the tree with Edit, Paths, Rooms and Add Child on each location the user has access to. */
export default function LocationsPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  const locations = useLocations();
  const save = useSaveLocation();
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = locations.data ?? [];

  const onSave = async (values: LocationUpload) => {
    await saveWithToasts(() => save.mutateAsync(values), values.id ? 'Location successfully updated!' : 'Location successfully created!');
    setEditing(null);
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={entry.title}
        actions={
          <Button mih={44} onClick={() => setEditing({ location: null, parent: null })} disabled={!locations.data}>
            Add
          </Button>
        }
      />
      <OfflineStamp updatedAt={locations.dataUpdatedAt} hasData={locations.data !== undefined} />
      <TreeStates query={locations} unavailable="The locations have not been loaded on this device yet.">
        {(nodes) => (
          <EntityTree
            label="Locations"
            nodes={nodes}
            cookieName={LOCATION_TREE_COOKIE}
            renderTag={(l) => (
              <Badge variant="light" color="gray">
                {codeWords(l.type)}
              </Badge>
            )}
            renderActions={(l) => (
              <>
                <NodeAction label={`Edit ${l.name}`} onClick={() => setEditing({ location: l, parent: null })}>
                  Edit
                </NodeAction>
                <NodeLink label={`Paths of ${l.name}`} href={pathsHref(l.id)}>
                  Paths
                </NodeLink>
                {l.floorplanImage && (
                  <NodeLink label={`Rooms of ${l.name}`} href={roomsHref(l.id)}>
                    Rooms
                  </NodeLink>
                )}
                <NodeAction label={`Add child to ${l.name}`} onClick={() => setEditing({ location: null, parent: l })}>
                  Add Child
                </NodeAction>
              </>
            )}
          />
        )}
      </TreeStates>
      {editing && (
        <LocationForm
          opened
          onClose={() => setEditing(null)}
          location={editing.location}
          parent={editing.parent}
          locations={list}
          organizations={bootstrap.organizations}
          onSave={onSave}
        />
      )}
    </Stack>
  );
}
