export const NFC_REFUSED_MESSAGE = 'NFC access was refused. Allow NFC for this site, or type the tag id.';
export const NFC_UNSUPPORTED_MESSAGE = 'This device has no NFC reader. Type the tag id, or use a USB or Bluetooth reader.';
export const NFC_OFF_MESSAGE = 'NFC is switched off. Turn it on in the device settings, or type the tag id.';
export const NFC_READ_ERROR_MESSAGE = 'That tag could not be read. Hold it still against the device, or type the tag id.';

/** The part of Web NFC's NDEFReader used here (it is not in TypeScript's DOM library). */
interface NdefReader extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
}

interface NdefReadingEvent extends Event {
  readonly serialNumber?: string;
}

type NdefReaderConstructor = new () => NdefReader;

function ndefReaderClass(): NdefReaderConstructor | undefined {
  return (window as unknown as { NDEFReader?: NdefReaderConstructor }).NDEFReader;
}

/** True when the browser offers Web NFC (Chrome on Android). */
export function hasWebNfc(): boolean {
  return typeof window !== 'undefined' && 'NDEFReader' in window;
}

/** A tag's serial number as the id the app stores: colons removed, upper-cased. */
export function tagIdFromSerial(serialNumber: string): string {
  return serialNumber.replace(/[:\s-]/g, '').toUpperCase();
}

export interface NfcScanOptions {
  signal: AbortSignal;
  onRead: (id: string) => void;
  /** A tag was near but could not be read. */
  onReadError?: () => void;
}

/** Scans until `signal` aborts; resolves once scanning has started, rejects when it cannot. */
export async function startNfcScan({ signal, onRead, onReadError }: NfcScanOptions): Promise<void> {
  const Reader = ndefReaderClass();
  if (!Reader) throw new DOMException('Web NFC is not available', 'NotSupportedError');
  const reader = new Reader();
  reader.addEventListener(
    'reading',
    (event) => {
      const serial = (event as NdefReadingEvent).serialNumber;
      if (serial) onRead(tagIdFromSerial(serial));
    },
    { signal },
  );
  reader.addEventListener('readingerror', () => onReadError?.(), { signal });
  await reader.scan({ signal });
}

/** What to tell the user when an NFC scan could not start; null when it was only cancelled. */
export function describeNfcError(error: unknown): string | null {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  if (name === 'AbortError') return null;
  if (name === 'NotAllowedError') return NFC_REFUSED_MESSAGE;
  if (name === 'NotSupportedError') return NFC_UNSUPPORTED_MESSAGE;
  if (name === 'NotReadableError') return NFC_OFF_MESSAGE;
  if (error instanceof Error && error.message) return error.message;
  return 'The NFC scan could not be started. Type the tag id instead.';
}
