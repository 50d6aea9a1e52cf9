import { Group } from '@mantine/core';
import { memo } from 'react';
import { SearchableSelect, SearchInput, TreeSelect } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { GATEWAY_TYPE_OPTIONS, type GatewayType } from '../gateway-filters';
import { HEARTBEAT_BUCKETS, type HeartbeatBucket } from '../gateway-health';

const ANY = 'any';
const HEARTBEAT_OPTIONS = [{ value: ANY, label: 'Any time' }, ...HEARTBEAT_BUCKETS.map((b) => ({ value: b.value, label: b.label }))];
const isBucket = (value: string | null): value is HeartbeatBucket => HEARTBEAT_BUCKETS.some((b) => b.value === value);

/** Location, Type, Last Heartbeat and search: the Gateways page's filters (docs/SCREENS.md 'Gateways'). */
export const GatewayFilterBar = memo(function GatewayFilterBar(props: {
  groupId: number | null;
  onGroup: (groupId: number | null) => void;
  type: GatewayType;
  onType: (type: GatewayType) => void;
  heartbeat: HeartbeatBucket | null;
  onHeartbeat: (bucket: HeartbeatBucket | null) => void;
  search: string;
  onSearch: (search: string) => void;
}) {
  const { bootstrap } = useSession();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Gateway filters">
      <TreeSelect label="Location" nodes={bootstrap.groups} value={props.groupId} onChange={props.onGroup} placeholder="Select a location" />
      <SearchableSelect label="Type" data={GATEWAY_TYPE_OPTIONS} value={props.type} onChange={(value) => props.onType((value as GatewayType | null) ?? 'all')} />
      <SearchableSelect label="Last Heartbeat" data={HEARTBEAT_OPTIONS} value={props.heartbeat ?? ANY} onChange={(value) => props.onHeartbeat(isBucket(value) ? value : null)} />
      <SearchInput value={props.search} onChange={props.onSearch} placeholder="Name, MAC, model or location" />
    </Group>
  );
});
