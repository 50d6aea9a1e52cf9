import { describe, expect, it } from 'vitest';
import { DEFAULT_TRUST_PROXY, loadEnv } from '../../server/src/env';

describe('TRUST_PROXY', () => {
  it('trusts this host and private networks unless told otherwise', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(DEFAULT_TRUST_PROXY);
  });

  it('takes addresses and ranges as Fastify does, and true or false', () => {
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0' }).TRUST_PROXY).toBe(
      '10.0.0.0/8, 192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0',
    );
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('refuses at start-up what is neither', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'load-balancer.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.0/8,' })).toThrow(/TRUST_PROXY/);
  });
});
