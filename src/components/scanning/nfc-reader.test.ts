import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeNdefReader } from './fake-ndef-reader';
import { describeNfcError, hasWebNfc, NFC_REFUSED_MESSAGE, startNfcScan, tagIdFromSerial } from './nfc-reader';

describe('hasWebNfc', () => {
  afterEach(() => FakeNdefReader.uninstall());

  it('is true only when the browser has NDEFReader', () => {
    expect(hasWebNfc()).toBe(false);
    FakeNdefReader.install();
    expect(hasWebNfc()).toBe(true);
  });
});

describe('tagIdFromSerial', () => {
  it('removes separators and upper-cases', () => {
    expect(tagIdFromSerial('04:a2:3b:4c:5d:6e:7f')).toBe('04A23B4C5D6E7F');
  });
});

describe('startNfcScan', () => {
  beforeEach(() => FakeNdefReader.install());
  afterEach(() => FakeNdefReader.uninstall());

  it('reports each tag until aborted', async () => {
    const onRead = vi.fn();
    const controller = new AbortController();
    await startNfcScan({ signal: controller.signal, onRead });
    const [reader] = FakeNdefReader.instances;
    expect(reader!.scan).toHaveBeenCalledWith({ signal: controller.signal });

    reader!.read('04:a2:3b:4c:5d:6e:7f:10');
    expect(onRead).toHaveBeenCalledWith('04A23B4C5D6E7F10');

    controller.abort();
    reader!.read('04:00:00:00:00:00:01');
    expect(onRead).toHaveBeenCalledTimes(1);
  });

  it('rejects as unsupported without Web NFC', async () => {
    FakeNdefReader.uninstall();
    await expect(startNfcScan({ signal: new AbortController().signal, onRead: vi.fn() })).rejects.toMatchObject({
      name: 'NotSupportedError',
    });
  });
});

describe('describeNfcError', () => {
  it('explains refusals and missing or switched-off readers, and ignores a cancelled scan', () => {
    expect(describeNfcError(new DOMException('', 'NotAllowedError'))).toBe(NFC_REFUSED_MESSAGE);
    expect(describeNfcError(new DOMException('', 'NotSupportedError'))).toMatch(/no NFC reader/);
    expect(describeNfcError(new DOMException('', 'NotReadableError'))).toMatch(/switched off/);
    expect(describeNfcError(new DOMException('', 'AbortError'))).toBeNull();
    expect(describeNfcError(new Error('Something odd'))).toBe('Something odd');
  });
});
