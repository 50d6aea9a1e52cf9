import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { describeNfcError, hasWebNfc, NFC_READ_ERROR_MESSAGE, startNfcScan } from './nfc-reader';

export interface NfcScanFieldProps {
  /** Receives each tag id: from Web NFC (colons removed, upper-cased) or as typed by a reader or a person (trimmed). */
  onRead: (id: string) => void;
  disabled?: boolean;
  /** Label of the text field. */
  label?: string;
}

type NfcState = 'idle' | 'starting' | 'scanning';

/**
 * Reads NFC tag ids. Where the browser has Web NFC a button starts the phone or tablet's own reader;
 * the text field is always there, focused, for USB or Bluetooth readers that type the id and Enter.
 */
export function NfcScanField({ onRead, disabled = false, label = 'Tag ID (tap a tag or type it)' }: NfcScanFieldProps) {
  const [webNfc] = useState(hasWebNfc);
  const [typed, setTyped] = useState('');
  const [nfcState, setNfcState] = useState<NfcState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [lastRead, setLastRead] = useState<string | null>(null);

  const controller = useRef<AbortController | null>(null);
  const onReadRef = useRef(onRead);
  const disabledRef = useRef(disabled);

  useEffect(() => {
    onReadRef.current = onRead;
    disabledRef.current = disabled;
  }, [onRead, disabled]);

  useEffect(() => () => controller.current?.abort(), []);

  useEffect(() => {
    if (!disabled || !controller.current) return;
    controller.current.abort();
    controller.current = null;
    setNfcState('idle');
  }, [disabled]);

  const deliver = (id: string) => {
    if (disabledRef.current) return;
    setLastRead(id);
    onReadRef.current(id);
  };

  const startScan = async () => {
    controller.current?.abort();
    const scan = new AbortController();
    controller.current = scan;
    setError(null);
    setNfcState('starting');
    try {
      await startNfcScan({
        signal: scan.signal,
        onRead: (id) => {
          setError(null);
          deliver(id);
        },
        onReadError: () => setError(NFC_READ_ERROR_MESSAGE),
      });
      if (!scan.signal.aborted) setNfcState('scanning');
    } catch (cause) {
      if (scan.signal.aborted) return;
      controller.current = null;
      setNfcState('idle');
      setError(describeNfcError(cause));
    }
  };

  const stopScan = () => {
    controller.current?.abort();
    controller.current = null;
    setNfcState('idle');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Readers end every id with Enter; it must never submit a surrounding form.
    event.preventDefault();
    const id = typed.trim();
    if (!id) return;
    setTyped('');
    deliver(id);
  };

  const status =
    nfcState === 'starting'
      ? 'Starting NFC scan…'
      : nfcState === 'scanning'
        ? 'Hold a tag against the back of the device.'
        : '';

  return (
    <Stack gap="sm">
      <TextInput
        label={label}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        disabled={disabled}
        autoFocus
        data-autofocus
        type="text"
        inputMode="text"
        enterKeyHint="enter"
        autoCapitalize="characters"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        size="lg"
        styles={{ input: { minHeight: 44, fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />

      {webNfc && (
        <Group gap="sm">
          {nfcState === 'idle' ? (
            <Button size="md" mih={44} onClick={() => void startScan()} disabled={disabled}>
              Start NFC scan
            </Button>
          ) : (
            <Button size="md" mih={44} variant="default" onClick={stopScan} loading={nfcState === 'starting'}>
              Stop NFC scan
            </Button>
          )}
        </Group>
      )}

      <Text role="status" aria-live="polite" size="sm" c="dimmed">
        {status}
        {status && lastRead ? ' ' : ''}
        {lastRead ? `Last read: ${lastRead}` : ''}
      </Text>

      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
