import type { FirmwareVersion } from '@contracts/firmware';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { SearchableSelect, SearchInput } from '@/components/filters';
import { LoadError } from '@/components/load-error';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { useDeviceModels } from '@/entities/devices/api/get-device-models';
import { useFirmwareVersions } from '../api/get-firmware-versions';
import { FirmwareDownloadButton } from '../components/firmware-download-button';
import { filterVersions, modelOptions, type VersionsAddress } from '../versions-search';

/** Rows per page (docs/SCREENS.md 'Versions'). */
export const VERSIONS_PAGE_SIZE = 10;
const route = getRouteApi('/app/maintenance/versions');

/** Versions (/app/maintenance/versions): a device model's firmware versions, each downloadable. */
export default function VersionsPage({ entry }: { entry: { title: string } }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: VersionsAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });

  const models = useDeviceModels();
  const options = useMemo(() => modelOptions(models.data ?? []), [models.data]);
  // A model the address names that is not offered (unknown, or without firmware) counts as none chosen.
  const modelId = search.modelId !== undefined && options.some((o) => o.value === String(search.modelId)) ? search.modelId : null;
  const model = models.data?.find((m) => m.id === modelId) ?? null;
  const versions = useFirmwareVersions(modelId);
  const rows = useMemo(() => (modelId === null ? [] : filterVersions(versions.data ?? [], search.search)), [modelId, versions.data, search.search]);

  const columns: DataColumn<FirmwareVersion>[] = [
    {
      key: 'version',
      header: 'Version',
      value: (v) => v.version,
      render: (v) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" ff="monospace">
            {v.version}
          </Text>
          {v.isLatest && (
            <Badge color="teal" variant="light" size="sm">
              latest
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'createdAt', header: 'Creation Date', value: (v) => v.createdAt, render: (v) => formatDateTime(v.createdAt) },
    {
      key: 'download',
      header: 'Download',
      value: (v) => v.url,
      sortable: false,
      render: (v) => <FirmwareDownloadButton url={v.url} version={v.version} fileName={`${model?.name ?? 'firmware'}-${v.version}.bin`} />,
    },
  ];

  return (
    <Stack gap={0}>
      <PageHeader title={entry.title} />
      <OfflineStamp updatedAt={versions.dataUpdatedAt || models.dataUpdatedAt} hasData={models.data !== undefined} />
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md" role="search" aria-label="Firmware version filters">
        <SearchableSelect
          label="Model"
          data={options}
          value={modelId === null ? null : String(modelId)}
          onChange={(value) => update({ modelId: value === null ? undefined : Number(value) })}
          placeholder={models.isPending ? 'Loading models…' : 'Select Model'}
        />
        <SearchInput value={search.search ?? ''} onChange={(next) => update({ search: next })} placeholder="Version" />
      </Group>
      {models.isError && !models.data ? (
        <LoadError error={models.error} unavailable="The device models have not been loaded on this device yet." />
      ) : (
        <DataTable
          label="Firmware versions"
          columns={columns}
          rows={rows}
          rowKey={(v) => v.id}
          pageSize={VERSIONS_PAGE_SIZE}
          loading={models.isPending || (modelId !== null && versions.isPending)}
          error={versions.isError && !versions.data ? versions.error : null}
          unavailableText="The firmware versions of this model have not been loaded on this device yet."
          emptyText={modelId === null ? 'Select Model' : 'No Version'}
          initialSort={{ key: 'createdAt', direction: 'desc' }}
        />
      )}
    </Stack>
  );
}
