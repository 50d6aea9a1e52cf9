import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@/test/render';
import { ProfilePhotoField } from './profile-photo-field';

vi.mock('@/lib/auth', () => ({ getIdToken: () => Promise.resolve('id-token') }));
vi.mock('@/lib/config', () => ({ getConfig: () => ({ apiBaseUrl: '/api' }) }));

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const user = { id: 7, firstName: 'Casey', lastName: 'Rivera', demo: false, picture: null };
const fetchMock = vi.fn();

function show(onUploaded = vi.fn()) {
  render(
    <>
      <Notifications />
      <ProfilePhotoField user={user} onUploaded={onUploaded} />
    </>,
  );
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  return { onUploaded, choose: (file: File) => userEvent.setup({ applyAccept: false }).upload(input, file) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('ProfilePhotoField', () => {
  it('uploads a png and says so', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url.endsWith('/photo')
          ? new Response(JSON.stringify({ id: 7, picture: '/users/7/photo/0123456789abcdef.png' }), { status: 200 })
          : new Response(new Blob([PNG], { type: 'image/png' }), { status: 200 }),
      ),
    );
    const { onUploaded, choose } = show();
    await choose(new File([PNG], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Your photo was successfully updated!')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users/7/photo');
    expect(init.headers).toEqual({ Authorization: 'id-token' });
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(onUploaded).toHaveBeenCalledWith('/users/7/photo/0123456789abcdef.png');
  });

  it('refuses a file that is not a png or jpeg before sending it, whatever it is called', async () => {
    const { choose } = show();
    await choose(new File(['GIF89a'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText("It looks like that file wasn't the right type. Try a png or jpeg")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the upload failed in the spec’s words', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ message: 'boom' }), { status: 500 }));
    const { onUploaded, choose } = show();
    await choose(new File([PNG], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Uh oh something went wrong and we were unable to update your photo.')).toBeInTheDocument();
    await waitFor(() => expect(onUploaded).not.toHaveBeenCalled());
  });
});
