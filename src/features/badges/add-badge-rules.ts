import { deviceExistsMessage, type MacLookup } from '@contracts/device-registry';

/** Where the check of a typed MAC stands. */
export type MacCheck =
  | { state: 'incomplete' }
  | { state: 'checking' }
  | { state: 'free' }
  | { state: 'taken'; message: string }
  /** Offline: the server cannot be asked; it refuses a taken MAC when the badge is sent. */
  | { state: 'unchecked' }
  | { state: 'error'; message: string };

/** The check of a complete MAC from what is known: this list, then the server's lookup. */
export function macCheckOf(input: {
  complete: boolean;
  /** Where the MAC is in the list on screen, if it is. */
  knownAt: string | null;
  online: boolean;
  lookup: MacLookup | undefined;
  lookupError: Error | null;
}): MacCheck {
  if (!input.complete) return { state: 'incomplete' };
  if (input.knownAt !== null) return { state: 'taken', message: deviceExistsMessage(input.knownAt) };
  if (input.lookup) {
    return input.lookup.exists
      ? { state: 'taken', message: deviceExistsMessage(input.lookup.device?.groupName ?? 'another location') }
      : { state: 'free' };
  }
  if (!input.online) return { state: 'unchecked' };
  if (input.lookupError) return { state: 'error', message: `The MAC could not be checked: ${input.lookupError.message}` };
  return { state: 'checking' };
}

/**
 * Why Add is disabled, or null when it is enabled (docs/OFFLINE.md 'Badges and SmartBadge
 * Management'): a firmware version is chosen, the MAC is complete and no device has it.
 */
export function addBadgeBlocker(versionId: number | null, check: MacCheck): string | null {
  switch (check.state) {
    case 'incomplete':
      return 'Enter or scan the complete MAC.';
    case 'checking':
      return 'Checking the MAC…';
    case 'taken':
    case 'error':
      return check.message;
    default:
      return versionId === null ? 'Choose a firmware version.' : null;
  }
}
