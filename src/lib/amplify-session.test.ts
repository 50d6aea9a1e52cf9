import { afterEach, describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';
import { configureAmplify } from './amplify-session';

const events = { signedIn: vi.fn(), signedOut: vi.fn(), expiring: vi.fn() };

afterEach(() => vi.restoreAllMocks());

describe('configureAmplify', () => {
  it('configures the local identity provider without the custom-endpoint warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureAmplify({ ...testConfig, cognito: { ...testConfig.cognito, endpoint: 'http://localhost:9329' } }, events);
    expect(warn.mock.calls.flat().join(' ')).not.toMatch(/custom Amazon/);
  });
});
