import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorText, LONG_TOAST_MS, showError, showSuccess } from './toasts';

describe('toasts', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what was done for the app\'s default time, and what went wrong long enough to be read', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    showSuccess('Saved');
    expect(show).toHaveBeenLastCalledWith({ color: 'teal', title: undefined, message: 'Saved' });
    showSuccess('Report queued', { long: true });
    expect(show).toHaveBeenLastCalledWith({ color: 'teal', title: undefined, message: 'Report queued', autoClose: LONG_TOAST_MS });
    showError('The server refused it', 'Failed to edit device.');
    expect(show).toHaveBeenLastCalledWith({ color: 'red', title: 'Failed to edit device.', message: 'The server refused it', autoClose: 10_000 });
  });

  it('reads the words of whatever was thrown', () => {
    expect(errorText(new Error('Name is required'))).toBe('Name is required');
    expect(errorText('offline')).toBe('offline');
  });
});
