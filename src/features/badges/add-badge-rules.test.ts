import { describe, expect, it } from 'vitest';
import { addBadgeBlocker, macCheckOf } from './add-badge-rules';

const base = { complete: true, knownAt: null, online: true, lookup: undefined, lookupError: null };

describe('Add badge enablement', () => {
  it('needs a complete MAC, a free MAC and a version', () => {
    expect(addBadgeBlocker(8, macCheckOf({ ...base, complete: false }))).toBe('Enter or scan the complete MAC.');
    expect(addBadgeBlocker(8, macCheckOf(base))).toBe('Checking the MAC…');
    const free = macCheckOf({ ...base, lookup: { exists: false, device: null } });
    expect(addBadgeBlocker(null, free)).toBe('Choose a firmware version.');
    expect(addBadgeBlocker(8, free)).toBeNull();
  });

  it('refuses a MAC the server or the list already has, naming where', () => {
    const taken = macCheckOf({ ...base, lookup: { exists: true, device: { id: 3, name: 'Badge 3', groupId: 10, groupName: 'Ward 3B', type: 'BADGE' } } });
    expect(addBadgeBlocker(8, taken)).toBe('Device already exists at Ward 3B.');
    const outOfScope = macCheckOf({ ...base, lookup: { exists: true, device: null } });
    expect(addBadgeBlocker(8, outOfScope)).toBe('Device already exists at another location.');
    expect(addBadgeBlocker(8, macCheckOf({ ...base, knownAt: 'Ward 4A' }))).toBe('Device already exists at Ward 4A.');
  });

  it('says when the MAC could not be checked, and lets an offline badge be queued', () => {
    expect(addBadgeBlocker(8, macCheckOf({ ...base, lookupError: new Error('boom') }))).toBe('The MAC could not be checked: boom');
    const offline = macCheckOf({ ...base, online: false });
    expect(offline).toEqual({ state: 'unchecked' });
    expect(addBadgeBlocker(8, offline)).toBeNull();
    expect(addBadgeBlocker(null, offline)).toBe('Choose a firmware version.');
  });
});
