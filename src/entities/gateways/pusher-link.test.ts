import type { RuntimeConfig } from '@contracts/config';
import { describe, expect, it, vi } from 'vitest';
import { pusherLink } from './pusher-link';

const fake = vi.hoisted(() => {
  const channel = { subscribed: false, bind: () => undefined, unbind: () => undefined, bind_global: () => undefined, unbind_global: () => undefined, trigger: () => true };
  return { channel, pusher: { subscribe: vi.fn(() => channel), unsubscribe: vi.fn(), connection: { state: 'connected', bind: () => undefined, unbind: () => undefined } } };
});
vi.mock('@/lib/realtime', () => ({ connectRealtime: () => fake.pusher }));

const handlers = { onReady: () => undefined, onEvent: () => undefined, onError: () => undefined };

describe('the Pusher link', () => {
  it('leaves a channel held by two screens only when both let go, once each', () => {
    const config = {} as RuntimeConfig;
    const terminal = pusherLink(config).subscribe('private-gw', handlers);
    const finder = pusherLink(config).subscribe('private-gw', handlers);
    finder.unsubscribe();
    finder.unsubscribe();
    expect(fake.pusher.unsubscribe).not.toHaveBeenCalled();
    terminal.unsubscribe();
    expect(fake.pusher.unsubscribe).toHaveBeenCalledOnce();
    expect(fake.pusher.unsubscribe).toHaveBeenCalledWith('private-gw');
  });
});
