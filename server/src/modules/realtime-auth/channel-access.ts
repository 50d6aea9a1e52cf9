import { userChannelName } from '../../contracts/realtime';
import { DEVICE_SUBJECTS } from '../../contracts/permissions';
import type { Caller } from '../../plugins/auth';

/**
 * Whether a caller may join a private channel: their own 'client-{id}' channel always;
 * gateway, location and server channels only with a device permission.
 */
export function mayJoinChannel(caller: Caller, channel: string): boolean {
  if (!channel.startsWith('private-')) return false;
  if (channel.startsWith('private-client-')) return channel === userChannelName(caller.user.id);
  return DEVICE_SUBJECTS.some((s) => caller.subjects.has(s));
}
