import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../server/src/env';
import { contentSecurityPolicy } from '../../../server/src/plugins/content-security-policy';
import { runtimeConfigFromEnv } from '../../../server/src/runtime';

/** The connect-src of the policy the server sends for this environment. */
const connectSrcFor = (env: Record<string, string>) =>
  contentSecurityPolicy(runtimeConfigFromEnv(loadEnv({ COGNITO_USER_POOL_ID: 'eu-west-1_abc', COGNITO_CLIENT_ID: 'client', ...env })), [])[
    'connect-src'
  ];

describe('the connections the policy allows', () => {
  it('are Amazon Cognito of the region and Pusher Channels of the cluster in production, over TLS alone', () => {
    expect(connectSrcFor({ COGNITO_REGION: 'eu-west-1', PUSHER_CLUSTER: 'eu', PUSHER_USE_TLS: 'true' })).toEqual([
      "'self'",
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'wss://ws-eu.pusher.com',
    ]);
  });

  it('follow Amplify to the China partition’s Cognito host', () => {
    expect(connectSrcFor({ COGNITO_REGION: 'cn-north-1', PUSHER_USE_TLS: 'true' })?.[1]).toBe('https://cognito-idp.cn-north-1.amazonaws.com.cn');
  });

  it('are the public host and port of a self-hosted Pusher-protocol cluster', () => {
    expect(
      connectSrcFor({ PUSHER_HOST: 'soketi.internal', PUSHER_PUBLIC_HOST: 'realtime.example.org', PUSHER_PORT: '443', PUSHER_USE_TLS: 'true' }),
    ).toEqual(["'self'", 'https://cognito-idp.us-east-1.amazonaws.com', 'wss://realtime.example.org:443']);
  });

  it('are the local identity provider and Pusher server as npm start runs them, plain ws:// included', () => {
    expect(
      connectSrcFor({ COGNITO_ENDPOINT: 'http://localhost:9229/', PUSHER_HOST: '127.0.0.1', PUSHER_PUBLIC_HOST: 'localhost', PUSHER_PORT: '6001' }),
    ).toEqual(["'self'", 'http://localhost:9229', 'wss://localhost:6001', 'ws://localhost:6001']);
  });

  it('add Sentry’s host when SENTRY_DSN names one, and nothing without it', () => {
    expect(connectSrcFor({ PUSHER_USE_TLS: 'true', SENTRY_DSN: 'https://0123abcd@o4507.ingest.us.sentry.io/4508' })).toEqual([
      "'self'",
      'https://cognito-idp.us-east-1.amazonaws.com',
      'wss://ws-mt1.pusher.com',
      'https://o4507.ingest.us.sentry.io',
    ]);
    expect(connectSrcFor({ PUSHER_USE_TLS: 'true', SENTRY_DSN: 'https://key@sentry.example.org:9443/7' })?.at(-1)).toBe('https://sentry.example.org:9443');
    expect(connectSrcFor({ PUSHER_USE_TLS: 'true' })).toHaveLength(3);
    // /config.json tells the app the same DSN.
    const config = (env: Record<string, string>) => runtimeConfigFromEnv(loadEnv({ COGNITO_USER_POOL_ID: 'p', COGNITO_CLIENT_ID: 'c', ...env }));
    expect(config({ SENTRY_DSN: 'https://key@sentry.example.org/7' }).sentryDsn).toBe('https://key@sentry.example.org/7');
    expect(config({}).sentryDsn).toBeNull();
    expect(() => loadEnv({ SENTRY_DSN: 'http://key@sentry.example.org/7' })).toThrow(/SENTRY_DSN/);
  });

  it('refuse a configured host that would smuggle sources into the policy', () => {
    expect(() => connectSrcFor({ PUSHER_PUBLIC_HOST: "evil.example 'unsafe-eval'", PUSHER_HOST: 'x' })).toThrow(/not a host name/);
    expect(() => connectSrcFor({ PUSHER_CLUSTER: 'eu; script-src *' })).toThrow(/not a host name/);
  });
});
