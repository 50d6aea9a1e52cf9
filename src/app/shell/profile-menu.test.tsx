import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render-with-router';

const auth = vi.hoisted(() => ({ signOut: vi.fn(async () => {}) }));
vi.mock('@/lib/auth', () => auth);

import { ProfileMenu } from './profile-menu';

const SUPPORT = 'https://support.example.com';

async function setup(demo = false) {
  const session = makeSession('manager', { firstName: 'Dana', lastName: 'Lee', demo });
  await renderWithRouter(
    <SessionProvider value={session}>
      <ProfileMenu supportUrl={SUPPORT} />
    </SessionProvider>,
    { path: '/app/reports/overview' },
  );
  return screen.getByRole('button', { name: /profile menu/i });
}

describe('profile menu', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens at once on hover and closes 300 ms after the pointer leaves', async () => {
    const avatar = await setup();
    vi.useFakeTimers();
    fireEvent.pointerEnter(avatar, { pointerType: 'mouse' });
    expect(screen.getByText('Dana Lee')).toBeInTheDocument();

    fireEvent.pointerLeave(avatar, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByText('Dana Lee')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText('Dana Lee')).not.toBeInTheDocument());
  });

  it('stays open when the pointer moves from the avatar onto the popup', async () => {
    const avatar = await setup();
    vi.useFakeTimers();
    fireEvent.pointerEnter(avatar, { pointerType: 'mouse' });
    fireEvent.pointerLeave(avatar, { pointerType: 'mouse' });
    fireEvent.pointerEnter(screen.getByRole('dialog'), { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByText('Dana Lee')).toBeInTheDocument();
  });

  it('opens on tap or keyboard and shows name, status and the three actions', async () => {
    const avatar = await setup();
    const user = userEvent.setup();
    avatar.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Dana Lee')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/app/settings/my-account');
    const support = screen.getByRole('link', { name: 'Support' });
    expect(support).toHaveAttribute('href', SUPPORT);
    expect(support).toHaveAttribute('target', '_blank');
    expect(support).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
  });

  it('Sign Out signs out and goes to /auth', async () => {
    const avatar = await setup();
    const user = userEvent.setup();
    await user.click(avatar);
    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('location')).toHaveTextContent('/auth');
  });

  it('masks a demo user as User', async () => {
    const avatar = await setup(true);
    expect(avatar).toHaveAccessibleName('Profile menu for User');
    await userEvent.click(avatar);
    expect(await screen.findByText('User')).toBeInTheDocument();
    expect(screen.queryByText('Dana Lee')).not.toBeInTheDocument();
  });
});
