import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startHtml5QrcodeCamera } from './camera';
import { CameraUnavailableError } from './camera-errors';

const lib = vi.hoisted(() => {
  const instances: FakeScanner[] = [];
  const hooks: { duringStart?: () => void } = {};
  class FakeScanner {
    static getCameras = vi.fn(async () => [{ id: 'rear', label: 'Back camera' }]);
    isScanning = false;
    decode: ((text: string) => void) | undefined;
    constructor(
      readonly elementId: string,
      readonly config: { formatsToSupport?: number[] },
    ) {
      instances.push(this);
    }
    start = vi.fn(async (_camera: unknown, _config: unknown, onSuccess: (text: string) => void) => {
      this.decode = onSuccess;
      this.isScanning = true;
      hooks.duringStart?.();
      return null;
    });
    stop = vi.fn(async () => {
      this.isScanning = false;
    });
    clear = vi.fn();
  }
  const formats = { QR_CODE: 0, CODABAR: 2, CODE_39: 3, CODE_93: 4, CODE_128: 5, ITF: 8, EAN_13: 9, EAN_8: 10, UPC_A: 14, UPC_E: 15 };
  return { FakeScanner, instances, formats, hooks };
});

vi.mock('html5-qrcode', () => ({ Html5Qrcode: lib.FakeScanner, Html5QrcodeSupportedFormats: lib.formats }));

function viewport() {
  const element = document.createElement('div');
  element.id = 'camera-viewport';
  document.body.append(element);
  return element;
}

describe('startHtml5QrcodeCamera', () => {
  beforeEach(() => {
    lib.instances.length = 0;
    lib.hooks.duringStart = undefined;
    lib.FakeScanner.getCameras.mockReset().mockResolvedValue([{ id: 'rear', label: 'Back camera' }]);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn() } });
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('scans QR codes and 1D barcodes with the rear camera and reports decoded text', async () => {
    const onDecode = vi.fn();
    const element = viewport();
    const session = await startHtml5QrcodeCamera({ element, onDecode, signal: new AbortController().signal });

    const [scanner] = lib.instances;
    expect(scanner!.elementId).toBe('camera-viewport');
    expect(scanner!.config.formatsToSupport).toEqual(expect.arrayContaining([0, 5, 3, 9, 14]));
    expect(scanner!.start).toHaveBeenCalledWith({ facingMode: 'environment' }, expect.objectContaining({ fps: 10 }), expect.any(Function), undefined);

    scanner!.decode!('AA:BB:CC:DD:EE:FF');
    expect(onDecode).toHaveBeenCalledWith('AA:BB:CC:DD:EE:FF');

    await session.stop();
    expect(scanner!.stop).toHaveBeenCalledTimes(1);
    expect(scanner!.clear).toHaveBeenCalledTimes(1);
  });

  it('reports no camera when the device lists none', async () => {
    lib.FakeScanner.getCameras.mockResolvedValue([]);
    const started = startHtml5QrcodeCamera({ element: viewport(), onDecode: vi.fn(), signal: new AbortController().signal });
    await expect(started).rejects.toEqual(new CameraUnavailableError('no-camera'));
    expect(lib.instances).toHaveLength(0);
  });

  it('passes a refusal through for the dialog to explain', async () => {
    const refused = new DOMException('Permission denied', 'NotAllowedError');
    lib.FakeScanner.getCameras.mockRejectedValue(refused);
    const started = startHtml5QrcodeCamera({ element: viewport(), onDecode: vi.fn(), signal: new AbortController().signal });
    await expect(started).rejects.toBe(refused);
  });

  it('refuses at once on an insecure page, without loading the scanner', async () => {
    vi.stubGlobal('isSecureContext', false);
    const started = startHtml5QrcodeCamera({ element: viewport(), onDecode: vi.fn(), signal: new AbortController().signal });
    await expect(started).rejects.toMatchObject({ reason: 'insecure' });
    expect(lib.FakeScanner.getCameras).not.toHaveBeenCalled();
  });

  it('does not open the camera for a caller that gave up before it started', async () => {
    const controller = new AbortController();
    const started = startHtml5QrcodeCamera({ element: viewport(), onDecode: vi.fn(), signal: controller.signal });
    controller.abort();
    await expect(started).rejects.toMatchObject({ name: 'AbortError' });
    expect(lib.instances).toHaveLength(0);
  });

  it('stops a camera whose caller gave up while it was starting', async () => {
    const controller = new AbortController();
    lib.hooks.duringStart = () => controller.abort();
    const started = startHtml5QrcodeCamera({ element: viewport(), onDecode: vi.fn(), signal: controller.signal });
    await expect(started).rejects.toMatchObject({ name: 'AbortError' });
    const [scanner] = lib.instances;
    expect(scanner!.stop).toHaveBeenCalledTimes(1);
    expect(scanner!.clear).toHaveBeenCalledTimes(1);
  });
});
