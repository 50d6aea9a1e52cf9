import type { RuntimeConfig } from '../contracts/config';

// A host as /config.json may name it: a source list must never receive a space, a quote or a ';'.
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])$/;

function checkedHost(host: string, what: string): string {
  if (!HOST.test(host)) throw new Error(`${what} is not a host name: ${JSON.stringify(host)}`);
  return host;
}

/** The identity provider's origin: the local endpoint, or Amazon Cognito's regional one (as Amplify derives it). */
export function identityOrigin({ cognito }: RuntimeConfig): string {
  if (cognito.endpoint) return new URL(cognito.endpoint).origin;
  const region = checkedHost(cognito.region, 'COGNITO_REGION');
  return `https://cognito-idp.${region}.${region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}`;
}

/**
 * The WebSocket sources pusher-js may open (src/lib/realtime.ts): the self-hosted server's host and
 * port, or Pusher Channels' cluster host. Plain ws:// only when the configuration allows it.
 */
export function realtimeSources({ pusher }: RuntimeConfig): string[] {
  const host = pusher.wsHost
    ? checkedHost(pusher.wsHost, 'PUSHER_PUBLIC_HOST (or PUSHER_HOST)')
    : `ws-${checkedHost(pusher.cluster, 'PUSHER_CLUSTER')}.pusher.com`;
  const port = pusher.wsHost && pusher.wsPort ? `:${pusher.wsPort}` : '';
  return pusher.forceTLS ? [`wss://${host}${port}`] : [`wss://${host}${port}`, `ws://${host}${port}`];
}

/** Where Sentry's browser SDK sends the app's crash reports: the DSN's origin, when /config.json names one. */
export function sentrySources({ sentryDsn }: RuntimeConfig): string[] {
  if (!sentryDsn) return [];
  const url = new URL(sentryDsn);
  if (url.protocol !== 'https:') throw new Error(`SENTRY_DSN must be an https:// URL: ${JSON.stringify(sentryDsn)}`);
  return [`https://${checkedHost(url.hostname, 'SENTRY_DSN')}${url.port ? `:${url.port}` : ''}`];
}

/**
 * The Content-Security-Policy of every answer. Scripts come from the app's own origin, plus the
 * inline scripts of the built index.html by their hashes; styles may be inline because Mantine
 * injects style elements at run time (and the first screen carries style attributes); images are
 * the app's own or data: URIs (the stylesheets' icons); connections go to the API (same origin), the
 * identity provider, the Pusher host and Sentry's host (with SENTRY_DSN) that /config.json names, and nowhere else. There is no
 * upgrade-insecure-requests: on the plain HTTP of `npm start` (a tablet reaching a laptop, say) the
 * browser would rewrite the app's requests to https:// addresses that do not answer.
 */
export function contentSecurityPolicy(config: RuntimeConfig, scriptHashes: readonly string[]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", identityOrigin(config), ...realtimeSources(config), ...sentrySources(config)],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}
