import type { AuditUnit } from '@contracts/observation-audits';
import { Alert, Button, Divider, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { CameraScanner, NfcScanField, type CameraStarter } from '@/components/scanning';
import { staffByBadge } from '../staff-by-badge';

type StaffMember = AuditUnit['staff'][number];

export interface BadgeScanDialogProps {
  unit: AuditUnit;
  opened: boolean;
  onClose: () => void;
  /** The member of the unit's staff the badge or tag names. */
  onFound: (member: StaffMember) => void;
  /** Starts the camera; html5-qrcode unless given. */
  startCamera?: CameraStarter;
}

/**
 * 'Scan a badge': who is watched, named by their badge's NFC tag (tapped, or typed by a reader) or
 * its QR code (the camera, started on request). Looked up in the unit the device keeps, so it works
 * without signal; a code that names nobody on the unit says so and leaves the choice as it was.
 */
export function BadgeScanDialog({ unit, opened, onClose, onFound, startCamera }: BadgeScanDialogProps) {
  const [camera, setCamera] = useState(false);
  const [unknown, setUnknown] = useState<string | null>(null);

  const close = () => {
    setCamera(false);
    setUnknown(null);
    onClose();
  };
  const read = (code: string) => {
    const member = staffByBadge(unit, code);
    if (!member) {
      setUnknown(code);
      return;
    }
    onFound(member);
    close();
  };

  return (
    <Modal opened={opened} onClose={close} title="Scan a badge" size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && (
        <Stack gap="md">
          <NfcScanField label="Badge's NFC tag (tap it or type its id)" onRead={read} />
          <Divider />
          {camera ? (
            <CameraScanner onScan={read} startCamera={startCamera} />
          ) : (
            <Button variant="default" size="md" mih={44} onClick={() => setCamera(true)}>
              Scan the badge's QR code
            </Button>
          )}
          {unknown !== null && (
            <Alert color="orange" variant="light" role="alert">
              {unknown} names nobody on {unit.name}: choose them by name, or their profession.
            </Alert>
          )}
        </Stack>
      )}
    </Modal>
  );
}
