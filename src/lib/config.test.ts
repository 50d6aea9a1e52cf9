import { describe, expect, it, vi } from 'vitest';
import { testConfig } from '@/test/fixtures';

describe('runtime config', () => {
  it('loads and validates /config.json once', async () => {
    vi.resetModules();
    const { loadConfig, getConfig } = await import('./config');
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(testConfig), { status: 200 }));
    await expect(loadConfig(fetchImpl)).resolves.toEqual(testConfig);
    await loadConfig(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/config.json');
    expect(getConfig().cognito.endpoint).toBe('http://localhost:9229');
  });

  it('rejects an invalid config and lets a later call try again', async () => {
    vi.resetModules();
    const { loadConfig } = await import('./config');
    const bad = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify({ apiBaseUrl: 1 }), { status: 200 }));
    await expect(loadConfig(bad)).rejects.toThrow('The app configuration is invalid.');
    const good = vi.fn<typeof fetch>().mockResolvedValue(new Response(JSON.stringify(testConfig), { status: 200 }));
    await expect(loadConfig(good)).resolves.toEqual(testConfig);
  });
});
