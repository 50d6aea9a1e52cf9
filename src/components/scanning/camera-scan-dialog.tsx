import { Button, Divider, Group, Modal, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { CameraStarter } from './camera';
import { CameraScanner } from './camera-scanner';
import { isCompleteMac } from './mac';
import { MacInput } from './mac-input';

export interface CameraScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Receives a complete, normalized MAC, scanned or typed. */
  onScan: (mac: string) => void;
  /** Dialog title; 'Scan device' unless given. */
  title?: string;
  /** Starts the camera; defaults to html5-qrcode. Pass a stable function: a new one restarts the camera. */
  startCamera?: CameraStarter;
}

function ManualMacForm({ onScan }: { onScan: (mac: string) => void }) {
  const [mac, setMac] = useState('');
  const complete = isCompleteMac(mac);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (complete) onScan(mac);
  };
  return (
    <form onSubmit={submit} aria-label="Type the MAC">
      <Stack gap="sm">
        <MacInput label="Or type the MAC" value={mac} onChange={setMac} />
        <Group justify="flex-end">
          <Button type="submit" size="md" mih={44} disabled={!complete}>
            Use this MAC
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 'Scan device': the rear camera reads a device's QR code or barcode, with a typed MAC always
 * available beside it. The camera runs only while the dialog is open.
 */
export function CameraScanDialog({ opened, onClose, onScan, title = 'Scan device', startCamera }: CameraScanDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="md" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && (
        <Stack gap="md">
          <CameraScanner onScan={onScan} startCamera={startCamera} />
          <Divider />
          <ManualMacForm onScan={onScan} />
        </Stack>
      )}
    </Modal>
  );
}
