import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import type { CameraSession, CameraStarter, CameraStartOptions } from './camera';
import { CameraUnavailableError } from './camera-errors';
import { CameraScanDialog } from './camera-scan-dialog';
import { SCAN_HIGHLIGHT_MS } from './camera-scanner';

const REFUSED = 'Camera access was refused. Allow the camera for this site in the browser settings, or type the MAC instead.';
const NO_CAMERA = 'No camera was found on this device. Type the MAC instead.';
const INSECURE = 'The camera needs a secure (https) connection. Type the MAC instead.';
const SCANNING = 'Point the camera at the QR code or barcode on the device.';

/** A camera that starts at once (or when told to) and lets the test decode codes. */
function fakeCamera({ manual = false } = {}) {
  const stop = vi.fn();
  let options: CameraStartOptions | undefined;
  let resolveStart: ((session: CameraSession) => void) | undefined;
  const startCamera = vi.fn<CameraStarter>((opts) => {
    options = opts;
    if (!manual) return Promise.resolve({ stop });
    return new Promise((resolve) => (resolveStart = resolve));
  });
  return {
    startCamera,
    stop,
    options: () => options!,
    finishStarting: () => act(async () => resolveStart!({ stop })),
    decode: (text: string) => act(() => options!.onDecode(text)),
  };
}

function failingCamera(error: unknown): CameraStarter {
  return vi.fn<CameraStarter>(() => Promise.reject(error));
}

function renderDialog(startCamera?: CameraStarter, opened = true) {
  const onScan = vi.fn();
  const onClose = vi.fn();
  const view = render(<CameraScanDialog opened={opened} onClose={onClose} onScan={onScan} startCamera={startCamera} />);
  const rerender = (open: boolean) =>
    view.rerender(<CameraScanDialog opened={open} onClose={onClose} onScan={onScan} startCamera={startCamera} />);
  return { onScan, onClose, rerender, unmount: view.unmount };
}

async function expectManualFallback() {
  expect(await screen.findByLabelText('Or type the MAC')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Use this MAC' })).toBeInTheDocument();
}

describe('CameraScanDialog', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is a labelled dialog that says the camera is starting while it starts", async () => {
    const camera = fakeCamera({ manual: true });
    renderDialog(camera.startCamera);
    expect(await screen.findByRole('dialog', { name: 'Scan device' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Starting camera…');
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await expectManualFallback();

    await camera.finishStarting();
    expect(screen.getByRole('status')).toHaveTextContent(SCANNING);
  });

  it('draws the preview into an empty element with an id', async () => {
    const camera = fakeCamera();
    renderDialog(camera.startCamera);
    await screen.findByText(SCANNING);
    expect(camera.startCamera).toHaveBeenCalledTimes(1);
    const { element } = camera.options();
    expect(element.id).toMatch(/^camera-scan-[\w-]+$/);
    expect(document.getElementById(element.id)).toBe(element);
    expect(element).toBeEmptyDOMElement();
  });

  it('hands over a scanned MAC after the highlight, and only once', async () => {
    const camera = fakeCamera();
    const { onScan } = renderDialog(camera.startCamera);
    await screen.findByText(SCANNING);
    vi.useFakeTimers();

    camera.decode('aa-bb-cc-dd-ee-ff');
    expect(screen.getByRole('status')).toHaveTextContent('Scanned AA:BB:CC:DD:EE:FF');
    camera.decode('aa-bb-cc-dd-ee-ff');
    act(() => vi.advanceTimersByTime(SCAN_HIGHLIGHT_MS - 1));
    expect(onScan).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onScan).toHaveBeenCalledExactlyOnceWith('AA:BB:CC:DD:EE:FF');
    expect(screen.getByRole('status')).toHaveTextContent(SCANNING);

    // The same label still in view is not scanned again; a different one is.
    camera.decode('AABBCCDDEEFF');
    act(() => vi.advanceTimersByTime(SCAN_HIGHLIGHT_MS));
    expect(onScan).toHaveBeenCalledTimes(1);
    camera.decode('11:22:33:44:55:66');
    act(() => vi.advanceTimersByTime(SCAN_HIGHLIGHT_MS));
    expect(onScan).toHaveBeenLastCalledWith('11:22:33:44:55:66');
  });

  it('says so when a code is not a MAC and keeps scanning', async () => {
    const camera = fakeCamera();
    const { onScan } = renderDialog(camera.startCamera);
    await screen.findByText(SCANNING);

    camera.decode('https://example.com/device');
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not a MAC address.');
    camera.decode('AABBCC');
    expect(screen.getByRole('alert')).toHaveTextContent('That code is not a MAC address.');
    expect(onScan).not.toHaveBeenCalled();
    expect(camera.stop).not.toHaveBeenCalled();

    camera.decode('00:11:22:33:44:55');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(onScan).toHaveBeenCalledWith('00:11:22:33:44:55'));
  });

  it.each([
    ['a refused permission', new DOMException('Permission denied', 'NotAllowedError'), REFUSED],
    ['a permission message from the library', 'Error getting userMedia, error = Permission dismissed', REFUSED],
    ['no camera', new DOMException('Requested device not found', 'NotFoundError'), NO_CAMERA],
    ['an impossible constraint', new DOMException('', 'OverconstrainedError'), NO_CAMERA],
    ['an empty camera list', new CameraUnavailableError('no-camera'), NO_CAMERA],
    ['an insecure page', new CameraUnavailableError('insecure'), INSECURE],
    ['any other failure', new Error('The camera is in use by another app.'), 'The camera is in use by another app.'],
  ])('explains %s and keeps the typed MAC available', async (_case, error, message) => {
    renderDialog(failingCamera(error));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await expectManualFallback();
  });

  it('without a secure camera API, the default camera says https is needed', async () => {
    expect('mediaDevices' in navigator).toBe(false);
    renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent(INSECURE);
  });

  it('tries again on request', async () => {
    const stop = vi.fn();
    const startCamera = vi
      .fn<CameraStarter>()
      .mockRejectedValueOnce(new DOMException('Permission denied', 'NotAllowedError'))
      .mockResolvedValueOnce({ stop });
    renderDialog(startCamera);
    await screen.findByText(REFUSED, { exact: false });

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(SCANNING)).toBeInTheDocument();
    expect(startCamera).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stops the camera when the dialog closes and when it unmounts', async () => {
    const camera = fakeCamera();
    const { rerender, unmount } = renderDialog(camera.startCamera);
    await screen.findByText(SCANNING);

    rerender(false);
    await waitFor(() => expect(camera.stop).toHaveBeenCalledTimes(1));
    expect(camera.options().signal.aborted).toBe(true);

    rerender(true);
    await screen.findByText(SCANNING);
    expect(camera.startCamera).toHaveBeenCalledTimes(2);
    unmount();
    await waitFor(() => expect(camera.stop).toHaveBeenCalledTimes(2));
  });

  it('stops a camera that finishes starting after the dialog was closed', async () => {
    const camera = fakeCamera({ manual: true });
    const { rerender } = renderDialog(camera.startCamera);
    await screen.findByText('Starting camera…');

    rerender(false);
    expect(camera.options().signal.aborted).toBe(true);
    expect(camera.stop).not.toHaveBeenCalled();
    await camera.finishStarting();
    await waitFor(() => expect(camera.stop).toHaveBeenCalledTimes(1));
  });

  it('accepts a typed MAC, by button or Enter, once it is complete', async () => {
    const { onScan } = renderDialog(failingCamera(new DOMException('', 'NotFoundError')));
    const input = await screen.findByLabelText('Or type the MAC');
    const use = screen.getByRole('button', { name: 'Use this MAC' });
    expect(use).toBeDisabled();
    expect(use.style.minHeight).toContain('2.75rem'); // 44 px

    await userEvent.type(input, 'aabbccddee');
    await userEvent.keyboard('{Enter}');
    expect(onScan).not.toHaveBeenCalled();
    await userEvent.type(input, 'ff');
    expect(use).toBeEnabled();
    await userEvent.keyboard('{Enter}');
    expect(onScan).toHaveBeenLastCalledWith('AA:BB:CC:DD:EE:FF');
    await userEvent.click(use);
    expect(onScan).toHaveBeenCalledTimes(2);
  });

  it('renders nothing and starts no camera while closed', () => {
    const camera = fakeCamera();
    renderDialog(camera.startCamera, false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(camera.startCamera).not.toHaveBeenCalled();
  });
});
