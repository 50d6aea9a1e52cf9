import { Alert, Box, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { startHtml5QrcodeCamera, type CameraSession, type CameraStarter } from './camera';
import { describeCameraError } from './camera-errors';
import { isCompleteMac, normalizeMac } from './mac';

/** How long a successful scan is shown before it is handed over. */
export const SCAN_HIGHLIGHT_MS = 750;
export const NOT_A_MAC_MESSAGE = 'That code is not a MAC address.';

export interface CameraScannerProps {
  /** Receives each newly scanned MAC, normalized and complete. */
  onScan: (mac: string) => void;
  /** Starts the camera; defaults to html5-qrcode on the rear camera. */
  startCamera?: CameraStarter;
}

type Phase = { kind: 'starting' } | { kind: 'scanning' } | { kind: 'failed'; message: string };

async function stopQuietly(session: CameraSession) {
  try {
    await session.stop();
  } catch {
    // The camera is already gone; there is nothing left to release.
  }
}

/**
 * The live camera preview with its status. The camera runs while this is mounted and is always
 * stopped on unmount, even when unmounted while it is still starting.
 */
export function CameraScanner({ onScan, startCamera = startHtml5QrcodeCamera }: CameraScannerProps) {
  const viewportId = `camera-scan-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const viewportRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [notMac, setNotMac] = useState(false);
  const [scannedMac, setScannedMac] = useState<string | null>(null);

  const onScanRef = useRef(onScan);
  const lastDelivered = useRef<string | null>(null);
  const holding = useRef(false);
  const releasing = useRef<Promise<void>>(Promise.resolve());

  useEffect(() => {
    onScanRef.current = onScan;
  }, [onScan]);

  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const controller = new AbortController();
    const { signal } = controller;
    let session: CameraSession | null = null;
    let handover: ReturnType<typeof setTimeout> | undefined;

    const onDecode = (text: string) => {
      if (signal.aborted || holding.current) return;
      const mac = normalizeMac(text);
      if (!isCompleteMac(mac)) {
        setNotMac(true);
        return;
      }
      setNotMac(false);
      if (mac === lastDelivered.current) return;
      holding.current = true;
      setScannedMac(mac);
      handover = setTimeout(() => {
        holding.current = false;
        lastDelivered.current = mac;
        setScannedMac(null);
        onScanRef.current(mac);
      }, SCAN_HIGHLIGHT_MS);
    };

    // A previous camera (an earlier attempt, or React's development double mount) must be fully
    // released before the next one asks for the same device.
    const run = (async () => {
      await releasing.current;
      if (signal.aborted) return;
      try {
        const started = await startCamera({ element, onDecode, signal });
        if (signal.aborted) {
          await stopQuietly(started);
          return;
        }
        session = started;
        setPhase({ kind: 'scanning' });
      } catch (error) {
        if (!signal.aborted) setPhase({ kind: 'failed', message: describeCameraError(error) });
      }
    })();

    return () => {
      controller.abort();
      clearTimeout(handover);
      holding.current = false;
      releasing.current = run.then(() => (session ? stopQuietly(session) : undefined));
    };
  }, [startCamera, attempt]);

  const retry = () => {
    setPhase({ kind: 'starting' });
    setNotMac(false);
    setAttempt((n) => n + 1);
  };

  const failed = phase.kind === 'failed';
  const status =
    phase.kind === 'starting'
      ? 'Starting camera…'
      : scannedMac
        ? `Scanned ${scannedMac}`
        : phase.kind === 'scanning'
          ? 'Point the camera at the QR code or barcode on the device.'
          : '';

  return (
    <Box>
      <Box
        pos="relative"
        display={failed ? 'none' : 'block'}
        mih={phase.kind === 'starting' ? 200 : undefined}
        bg="dark.7"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          outline: scannedMac ? '4px solid var(--mantine-color-teal-5)' : '4px solid transparent',
          transition: `outline-color ${SCAN_HIGHLIGHT_MS / 3}ms ease-out`,
        }}
        data-scanned={scannedMac ? true : undefined}
      >
        <div id={viewportId} ref={viewportRef} aria-hidden data-testid="camera-viewport" style={{ width: '100%' }} />
        {phase.kind === 'starting' && (
          <Loader color="gray.3" aria-hidden pos="absolute" top="50%" left="50%" style={{ transform: 'translate(-50%, -50%)' }} />
        )}
      </Box>

      <Text role="status" aria-live="polite" size="sm" mt={status ? 'sm' : 0} fw={scannedMac ? 600 : undefined}>
        {status}
      </Text>

      {failed && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{phase.message}</Text>
            <Button variant="default" size="sm" mih={44} onClick={retry}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {!failed && notMac && !scannedMac && (
        <Alert color="orange" variant="light" role="alert">
          {NOT_A_MAC_MESSAGE}
        </Alert>
      )}
    </Box>
  );
}
