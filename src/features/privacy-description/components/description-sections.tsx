import type { PrivacyDescription } from '@contracts/privacy';
import { List, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './description-document.module.css';

// The sections of the privacy description (docs/PRIVACY.md 'The description for the works
// council'). Every fact and every sentence about the rules comes from the answer, which takes
// them from the live configuration and contracts/data-catalogue.ts; these only lay them out.

type Props = { description: PrivacyDescription };

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** A numbered section with its heading, named by it for assistive technology. */
function Section({ id, number, title, children }: { id: string; number: number; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} id={id}>
        {number}. {title}
      </Title>
      {children}
    </Stack>
  );
}

function Sub({ children }: { children: ReactNode }) {
  return (
    <Title order={4} size="h5" mt="xs">
      {children}
    </Title>
  );
}

/** A list, or the word for none. */
function Items({ items, none }: { items: ReactNode[]; none: string }) {
  if (items.length === 0) return <Text size="sm">{none}</Text>;
  return (
    <List size="sm" spacing={4}>
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}

export function SettingsSection({ description: d }: Props) {
  const { settings } = d;
  return (
    <Section id="pd-settings" number={1} title="The organization and its privacy settings">
      <List size="sm" spacing={4}>
        <List.Item>
          Raw room and bed presence is kept for <strong>{days(settings.retentionDays)}</strong>
          {settings.retentionSetBy.id === d.organization.id ? ', as this organization sets it.' : `, as ${settings.retentionSetBy.name} sets it for every organization under it.`} {d.rules.retention}
        </List.Item>
        <List.Item>
          Leaderboards: <strong>{settings.noLeaderboards ? 'none' : 'shown'}</strong>
          {settings.noLeaderboardsSetBy && settings.noLeaderboardsSetBy.id !== d.organization.id ? ` (turned off by ${settings.noLeaderboardsSetBy.name})` : ''}.{' '}
          {d.rules.noLeaderboards}
        </List.Item>
      </List>
      {d.organizationsBelow.length > 0 && (
        <>
          <Sub>Organizations below it</Sub>
          <Items
            none=""
            items={d.organizationsBelow.map((o) => `${o.name}: raw presence kept ${days(o.retentionDays)}; ${o.noLeaderboards ? 'no leaderboards' : 'leaderboards shown'}`)}
          />
        </>
      )}
      <Sub>Group-only units</Sub>
      <Text size="sm">{d.rules.groupOnly}</Text>
      <Items none="None: every unit's people may be named in the reports to those who may see them." items={d.groupOnlyUnits.map((g) => `${g.name} (${g.organizationName})`)} />
      <Sub>Private zones</Sub>
      <Text size="sm">No presence is kept in a private zone: an event there is dropped when it arrives.</Text>
      <Items none="None." items={d.privateZones.map((z) => `${z.name}, ${z.locationName}`)} />
    </Section>
  );
}

export function DevicesSection({ description: d }: Props) {
  return (
    <Section id="pd-devices" number={2} title="Devices and what they collect">
      {d.devices.length === 0 && <Text size="sm">No device is placed in this organization&apos;s locations.</Text>}
      {d.devices.map((kind) => (
        <Stack key={kind.kind} gap={4} className={classes.keep}>
          <Sub>
            {kind.label}: {kind.count}
          </Sub>
          <Text size="sm" c="dimmed">
            {kind.models.map((m) => `${m.name} (${m.count})`).join(', ')}
          </Text>
          <Items none="" items={kind.collects} />
        </Stack>
      ))}
      <Sub>Not collected</Sub>
      <Items none="" items={d.notCollected} />
    </Section>
  );
}

export function StoredSection({ description: d }: Props) {
  return (
    <Section id="pd-stored" number={3} title="What is stored and for how long">
      <Table layout="fixed" verticalSpacing={6} fz="sm" aria-label="Stored data">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">Data</Table.Th>
            <Table.Th>What it is</Table.Th>
            <Table.Th w="22%">Kept</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {d.storedEvents.map((e) => (
            <Table.Tr key={e.kind}>
              <Table.Td>{e.label}</Table.Td>
              <Table.Td>{e.what}</Table.Td>
              <Table.Td>{e.keptDays === null ? 'Kept' : days(e.keptDays)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

export function WhoSeesSection({ description: d }: Props) {
  return (
    <Section id="pd-who" number={4} title="Who can see what">
      <Text size="sm">{d.rules.scope}</Text>
      <Text size="sm">{d.rules.ownData}</Text>
      <Sub>Permission templates in use</Sub>
      {d.templates.length === 0 && <Text size="sm">No active user of this organization holds a template.</Text>}
      {d.templates.map((t) => (
        <Stack key={t.id} gap={2} className={classes.keep}>
          <Text size="sm" fw={600}>
            {t.name}: {t.users} {t.users === 1 ? 'person' : 'people'}
          </Text>
          {t.description && (
            <Text size="sm" c="dimmed">
              {t.description}
            </Text>
          )}
          <Text size="sm">Opens: {t.grants.length > 0 ? t.grants.join(', ') : 'nothing'}</Text>
        </Stack>
      ))}
    </Section>
  );
}

export function PurposesSection({ description: d }: Props) {
  return (
    <Section id="pd-purposes" number={5} title="Purposes">
      <Text size="sm">{d.rules.purpose}</Text>
      <Items none="" items={d.purposes.map((p) => p.label)} />
    </Section>
  );
}

export function AccessSection({ description: d }: Props) {
  return (
    <Section id="pd-access" number={6} title="Who viewed my data and the audit trail">
      <Text size="sm">{d.rules.accessLog}</Text>
      <Text size="sm">{d.rules.auditTrail}</Text>
    </Section>
  );
}
