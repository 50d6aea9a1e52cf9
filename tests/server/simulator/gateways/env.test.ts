import { describe, expect, it } from 'vitest';
import { parseGatewaySimulatorEnv } from '../../../../server/src/simulator/gateways/env';

describe('gateway simulator environment', () => {
  it('has defaults for everything but the secret, and treats empty variables as unset', () => {
    const parsed = parseGatewaySimulatorEnv({ GATEWAY_SIMULATOR_RATE: '', PORT: '', INGEST_SECRET: '' });
    expect(parsed).toEqual({
      env: expect.objectContaining({ PORT: 8080, LAVO_DATA_DIR: '.data', GATEWAY_SIMULATOR_RATE: 0.2, GATEWAY_SIMULATOR_CONTROL_PORT: 0 }),
    });
    // No secret of its own: it uses the installation's (server/src/secrets.ts).
    expect('env' in parsed && parsed.env.INGEST_SECRET).toBeUndefined();
    expect(parseGatewaySimulatorEnv({ GATEWAY_SIMULATOR_RATE: '0', GATEWAY_SIMULATOR_CONTROL_PORT: '8093', GATEWAY_SIMULATOR_SEED: '42' })).toEqual({
      env: expect.objectContaining({ GATEWAY_SIMULATOR_RATE: 0, GATEWAY_SIMULATOR_CONTROL_PORT: 8093, GATEWAY_SIMULATOR_SEED: 42 }),
    });
  });

  it('names the variable that is wrong', () => {
    expect(parseGatewaySimulatorEnv({ GATEWAY_SIMULATOR_RATE: 'fast' })).toEqual({ error: expect.stringMatching(/^GATEWAY_SIMULATOR_RATE: /) });
    expect(parseGatewaySimulatorEnv({ GATEWAY_SIMULATOR_CONTROL_PORT: '70000' })).toEqual({ error: expect.stringMatching(/^GATEWAY_SIMULATOR_CONTROL_PORT: /) });
    expect(parseGatewaySimulatorEnv({ GATEWAY_SIMULATOR_SEED: '1.5' })).toEqual({ error: expect.stringMatching(/^GATEWAY_SIMULATOR_SEED: /) });
    expect(parseGatewaySimulatorEnv({ INGEST_SECRET: 'short' })).toEqual({ error: expect.stringMatching(/^INGEST_SECRET: /) });
  });
});
