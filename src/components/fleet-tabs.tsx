import { Group } from '@mantine/core';
import { ButtonLink } from './router-links';

const PAGES = [
  { to: '/app/maintenance/gateways', label: 'Gateways' },
  { to: '/app/maintenance/iot-devices', label: 'IoT Devices' },
] as const;

/**
 * 'Gateways and IoT Devices' is one entry of the navigation: its two pages link to each
 * other here, keeping the chosen location.
 */
export function FleetTabs({ current, groupId }: { current: (typeof PAGES)[number]['to']; groupId: number | null }) {
  return (
    <Group gap={4} component="nav" aria-label="Gateways and IoT Devices">
      {PAGES.map((p) => (
        <ButtonLink
          key={p.to}
          to={p.to}
          search={groupId === null ? {} : { groupId }}
          variant={p.to === current ? 'light' : 'subtle'}
          aria-current={p.to === current ? 'page' : undefined}
          mih={44}
        >
          {p.label}
        </ButtonLink>
      ))}
    </Group>
  );
}
