import { Button, Group, Stack } from '@mantine/core';
import type { Profession } from '@contracts/entities';
import { professionCreatedMessage } from '@contracts/professions';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { SearchInput } from '@/components/filters';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { saveWithToasts } from '@/components/save-with-toasts';
import { useAddProfession } from '../api/add-profession';
import { useProfessions } from '../api/get-professions';
import { AddProfessionDialog } from '../components/add-profession-dialog';
import { filterProfessions, type ProfessionsAddress } from '../professions-search';

/** Rows per page (docs/SCREENS.md 'Professions'). */
export const PROFESSIONS_PAGE_SIZE = 20;
const route = getRouteApi('/app/accounts/professions');

const COLUMNS: DataColumn<Profession>[] = [
  { key: 'name', header: 'Profession', value: (p) => p.name },
  { key: 'id', header: 'ID', value: (p) => p.id, render: (p) => <span style={{ fontFamily: 'monospace' }}>{p.id}</span> },
];

/** Professions: the table with search (kept in the address), CSV export and Add Profession. */
export default function ProfessionsPage({ entry }: { entry: { title: string } }) {
  const { user } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: ProfessionsAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const professions = useProfessions();
  const add = useAddProfession();
  const [adding, setAdding] = useState(false);
  const rows = useMemo(() => filterProfessions(professions.data ?? [], search.search), [professions.data, search.search]);

  const onAdd = async (name: string) => {
    await saveWithToasts(() => add.mutateAsync({ name, organizationId: user.organizationId }), (created) => professionCreatedMessage(created.name));
    setAdding(false);
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={entry.title}
        actions={
          <Button mih={44} onClick={() => setAdding(true)}>
            Add
          </Button>
        }
      />
      <OfflineStamp updatedAt={professions.dataUpdatedAt} hasData={professions.data !== undefined} />
      <Group gap="sm" align="flex-end" mb="md" role="search" aria-label="Profession filters">
        <SearchInput value={search.search ?? ''} onChange={(next) => update({ search: next })} placeholder="Profession or ID" />
      </Group>
      <DataTable
        label="Professions"
        columns={COLUMNS}
        rows={rows}
        rowKey={(p) => p.pid}
        pageSize={PROFESSIONS_PAGE_SIZE}
        loading={professions.isPending}
        error={professions.isError && !professions.data ? professions.error : null}
        unavailableText="The professions have not been loaded on this device yet."
        emptyText="No results"
        initialSort={{ key: 'name', direction: 'asc' }}
        exportable
      />
      {adding && <AddProfessionDialog opened onClose={() => setAdding(false)} onAdd={onAdd} />}
    </Stack>
  );
}
