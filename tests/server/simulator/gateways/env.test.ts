import { describe, expect, it } from 'vitest';
import { parseGatewaySimulatorEnv } from '../../../../server/src/simulator/gateways/env';

describe('gateway simulator environment', () => {
  it('has defaults for everything, and treats empty variables as unset', () => {
    expect(parseGatewaySimulatorEnv({ GATEWAY_SIMULATOR_RATE: '', PORT: '' })).toEqual({
      env: expect.objectContaining({ PORT: 8080, INGEST_SECRET: 'lavo-local-ingest-secret', LAVO_DATA_DIR: '.data', GATEWAY_SIMULATOR_RATE: 0.2, GATEWAY_SIMULATOR_CONTROL_PORT: 0 }),
    });
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
