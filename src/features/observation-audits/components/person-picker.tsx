import type { AuditUnit } from '@contracts/observation-audits';
import { Button, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { ObservedPerson, SessionPicks } from '../audit-store';
import { BadgeScanDialog } from './badge-scan-dialog';

type PersonMode = ObservedPerson['kind'];

const MODES: { value: PersonMode; label: string }[] = [
  { value: 'staff', label: 'Staff' },
  { value: 'profession', label: 'Profession' },
  { value: 'unknown', label: 'Unknown' },
];

/**
 * Who is watched: a member of the unit's staff by name or by their badge (its NFC tag or QR code),
 * else only their profession, else nobody named (docs/METRICS.md '11. Observation audits: how far
 * the sensors agree' matches each kind differently). Until a name or profession is chosen the
 * records name nobody.
 */
export function PersonPicker({ unit, picks, onPicks }: { unit: AuditUnit; picks: SessionPicks; onPicks: (picks: SessionPicks) => void }) {
  const { person } = picks;
  const [mode, setMode] = useState<PersonMode>(person.kind);
  const [scanning, setScanning] = useState(false);
  const choose = (next: ObservedPerson) => onPicks({ ...picks, person: next });

  return (
    <Stack gap="xs">
      <Text component="h2" fw={600} size="sm" id="audit-person-label">
        Person
      </Text>
      <SegmentedControl
        aria-labelledby="audit-person-label"
        fullWidth
        data={MODES}
        value={mode}
        onChange={(next) => {
          setMode(next as PersonMode);
          // A name chosen under another kind no longer holds.
          if (person.kind !== 'unknown' && person.kind !== next) choose({ kind: 'unknown' });
        }}
      />
      {mode === 'staff' && (
        <Select
          label="Staff member"
          placeholder={unit.staff.length ? 'Search by name' : 'No staff on this unit'}
          data={unit.staff.map((s) => ({ value: String(s.id), label: s.name }))}
          value={person.kind === 'staff' ? String(person.userId) : null}
          onChange={(next) => {
            const member = unit.staff.find((s) => String(s.id) === next);
            choose(member ? { kind: 'staff', userId: member.id, name: member.name } : { kind: 'unknown' });
          }}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear Staff member' }}
          nothingFoundMessage="Nobody of that name on this unit"
          comboboxProps={{ withinPortal: true, keepMounted: false }}
          size="md"
        />
      )}
      {mode === 'staff' && (
        <>
          <Button variant="default" size="md" mih={44} onClick={() => setScanning(true)} disabled={unit.staff.length === 0}>
            Scan a badge
          </Button>
          <BadgeScanDialog
            unit={unit}
            opened={scanning}
            onClose={() => setScanning(false)}
            onFound={(member) => choose({ kind: 'staff', userId: member.id, name: member.name })}
          />
        </>
      )}
      {mode === 'profession' && (
        <Select
          label="Profession"
          placeholder="Choose a profession"
          data={unit.professions.map((p) => ({ value: p.id, label: p.name }))}
          value={person.kind === 'profession' ? person.professionId : null}
          onChange={(next) => {
            const profession = unit.professions.find((p) => p.id === next);
            choose(profession ? { kind: 'profession', professionId: profession.id, name: profession.name } : { kind: 'unknown' });
          }}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Clear Profession' }}
          nothingFoundMessage="Nothing found"
          comboboxProps={{ withinPortal: true, keepMounted: false }}
          size="md"
        />
      )}
    </Stack>
  );
}
