import { describe, expect, it } from 'vitest';
import {
  CAMERA_REFUSED_MESSAGE,
  CameraUnavailableError,
  describeCameraError,
  INSECURE_CAMERA_MESSAGE,
  NO_CAMERA_MESSAGE,
} from './camera-errors';

describe('describeCameraError', () => {
  it('recognises a refusal by name or by a permission message', () => {
    expect(describeCameraError(new DOMException('Permission denied', 'NotAllowedError'))).toBe(CAMERA_REFUSED_MESSAGE);
    expect(describeCameraError({ name: 'PermissionDeniedError', message: '' })).toBe(CAMERA_REFUSED_MESSAGE);
    expect(describeCameraError(new Error('Permission dismissed'))).toBe(CAMERA_REFUSED_MESSAGE);
  });

  it('reads the browser error inside the strings html5-qrcode rejects with', () => {
    expect(describeCameraError('Error getting userMedia, error = NotAllowedError: Permission denied')).toBe(CAMERA_REFUSED_MESSAGE);
    expect(describeCameraError('Error getting userMedia, error = NotFoundError: Requested device not found')).toBe(NO_CAMERA_MESSAGE);
    expect(describeCameraError('Error getting userMedia, error = OverconstrainedError: ')).toBe(NO_CAMERA_MESSAGE);
    expect(describeCameraError('Camera access is only supported in secure context like https or localhost.')).toBe(INSECURE_CAMERA_MESSAGE);
  });

  it('recognises a missing camera', () => {
    expect(describeCameraError(new DOMException('', 'NotFoundError'))).toBe(NO_CAMERA_MESSAGE);
    expect(describeCameraError(new DOMException('', 'OverconstrainedError'))).toBe(NO_CAMERA_MESSAGE);
    expect(describeCameraError(new CameraUnavailableError('no-camera'))).toBe(NO_CAMERA_MESSAGE);
  });

  it('explains an insecure page', () => {
    expect(describeCameraError(new CameraUnavailableError('insecure'))).toBe(INSECURE_CAMERA_MESSAGE);
  });

  it("passes any other error's message through, with a fallback when there is none", () => {
    expect(describeCameraError(new DOMException('Could not start video source', 'NotReadableError'))).toBe('Could not start video source');
    expect(describeCameraError(undefined)).toBe('The camera could not be started. Type the MAC instead.');
    expect(describeCameraError({})).toBe('The camera could not be started. Type the MAC instead.');
  });
});
