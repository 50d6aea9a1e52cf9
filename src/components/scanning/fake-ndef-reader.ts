import { vi } from 'vitest';

/** A stand-in for Web NFC's NDEFReader, installed on window by tests. */
export class FakeNdefReader extends EventTarget {
  static instances: FakeNdefReader[] = [];
  /** What the next scan() does; resolves (starts scanning) unless a test says otherwise. */
  static nextScan: () => Promise<void> = async () => {};

  signal: AbortSignal | undefined;
  scan = vi.fn(async (options?: { signal?: AbortSignal }) => {
    this.signal = options?.signal;
    return FakeNdefReader.nextScan();
  });

  constructor() {
    super();
    FakeNdefReader.instances.push(this);
  }

  /** A tag with this serial number is held to the device. */
  read(serialNumber: string) {
    this.dispatchEvent(Object.assign(new Event('reading'), { serialNumber, message: { records: [] } }));
  }

  readError() {
    this.dispatchEvent(new Event('readingerror'));
  }

  static install() {
    FakeNdefReader.instances = [];
    FakeNdefReader.nextScan = async () => {};
    Object.defineProperty(window, 'NDEFReader', { configurable: true, writable: true, value: FakeNdefReader });
  }

  static uninstall() {
    Reflect.deleteProperty(window, 'NDEFReader');
  }
}
