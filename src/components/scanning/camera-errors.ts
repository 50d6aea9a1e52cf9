export const CAMERA_REFUSED_MESSAGE =
  'Camera access was refused. Allow the camera for this site in the browser settings, or type the MAC instead.';
export const NO_CAMERA_MESSAGE = 'No camera was found on this device. Type the MAC instead.';
export const INSECURE_CAMERA_MESSAGE = 'The camera needs a secure (https) connection. Type the MAC instead.';

export type CameraUnavailableReason = 'insecure' | 'no-camera';

/** The browser cannot offer a camera at all: not a secure page, or no camera attached. */
export class CameraUnavailableError extends Error {
  constructor(readonly reason: CameraUnavailableReason) {
    super(reason === 'insecure' ? INSECURE_CAMERA_MESSAGE : NO_CAMERA_MESSAGE);
    this.name = 'CameraUnavailableError';
  }
}

const REFUSED_NAMES = ['NotAllowedError', 'PermissionDeniedError'];
const NO_CAMERA_NAMES = ['NotFoundError', 'DevicesNotFoundError', 'OverconstrainedError', 'ConstraintNotSatisfiedError'];

function nameAndMessage(error: unknown): { name: string; message: string } {
  if (typeof error === 'string') return { name: '', message: error };
  if (error && typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
  }
  return { name: '', message: '' };
}

/**
 * What to tell the user when the camera could not start. html5-qrcode rejects with plain strings
 * that embed the browser's error ('Error getting userMedia, error = NotAllowedError: …'), so the
 * names are looked for in the message too.
 */
export function describeCameraError(error: unknown): string {
  if (error instanceof CameraUnavailableError) return error.message;
  const { name, message } = nameAndMessage(error);
  const mentions = (names: string[]) => names.includes(name) || names.some((n) => message.includes(n));

  if (mentions(REFUSED_NAMES) || /permission/i.test(message)) return CAMERA_REFUSED_MESSAGE;
  if (mentions(NO_CAMERA_NAMES)) return NO_CAMERA_MESSAGE;
  if (/secure context/i.test(message)) return INSECURE_CAMERA_MESSAGE;
  return message || 'The camera could not be started. Type the MAC instead.';
}
