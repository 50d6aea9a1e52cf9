import type { Html5QrcodeSupportedFormats } from 'html5-qrcode';
import { CameraUnavailableError } from './camera-errors';

/** A running camera scan. */
export interface CameraSession {
  stop: () => Promise<void> | void;
}

export interface CameraStartOptions {
  /** An empty element, with an id, that the camera preview is drawn into. */
  element: HTMLElement;
  /** Called with the text of every code the camera decodes. */
  onDecode: (text: string) => void;
  /** Aborted when the caller no longer wants the camera (dialog closed). */
  signal: AbortSignal;
}

/** Starts the camera; rejects with the browser's error when it cannot. */
export type CameraStarter = (options: CameraStartOptions) => Promise<CameraSession>;

const FORMAT_NAMES = ['QR_CODE', 'CODE_128', 'CODE_39', 'CODE_93', 'CODABAR', 'EAN_13', 'EAN_8', 'UPC_A', 'UPC_E', 'ITF'] as const;

function scanBox(width: number, height: number) {
  // A wide box suits 1D barcodes and still fits a QR code; the library's minimum is 50 px.
  return { width: Math.max(50, Math.floor(width * 0.85)), height: Math.max(50, Math.floor(height * 0.6)) };
}

/** True when this page may ask for a camera at all. */
export function canRequestCamera(): boolean {
  return window.isSecureContext !== false && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The default camera: html5-qrcode on the rear camera. The library is loaded on first use, so it
 * stays out of the initial bundle.
 */
export const startHtml5QrcodeCamera: CameraStarter = async ({ element, onDecode, signal }) => {
  if (!canRequestCamera()) throw new CameraUnavailableError('insecure');
  const { Html5Qrcode, Html5QrcodeSupportedFormats: formats } = await import('html5-qrcode');
  signal.throwIfAborted();

  // Asks for permission once, and tells "no camera" apart from a refusal.
  const cameras = await Html5Qrcode.getCameras();
  if (cameras.length === 0) throw new CameraUnavailableError('no-camera');
  signal.throwIfAborted();

  // Older builds may lack a format; ask only for those this one knows.
  const formatsToSupport: Html5QrcodeSupportedFormats[] = FORMAT_NAMES.map((name) => formats[name]).filter(
    (format) => format !== undefined,
  );
  const scanner = new Html5Qrcode(element.id, { verbose: false, formatsToSupport, useBarCodeDetectorIfSupported: true });
  const session: CameraSession = {
    stop: async () => {
      if (scanner.isScanning) await scanner.stop();
      scanner.clear();
    },
  };
  try {
    await scanner.start({ facingMode: 'environment' }, { fps: 10, qrbox: scanBox }, (text) => onDecode(text), undefined);
  } catch (error) {
    try {
      scanner.clear();
    } catch {
      // Nothing was drawn, so nothing to clear.
    }
    throw error;
  }
  if (signal.aborted) {
    await session.stop();
    signal.throwIfAborted();
  }
  return session;
};
