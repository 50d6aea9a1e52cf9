import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeConfig } from '../../server/src/contracts/config';
import type { DemoHistoryStatus } from '../../server/src/contracts/demo-history';
import { DEMO_ACCOUNT_BY_KEY } from '../../server/src/db/demo-accounts';
import { localCognitoClient } from '../../server/src/identity/provision';

/** Signs in as admin@demo.health at the server's local identity provider; the id token. */
export const adminIdTokenOf = (url: string): Promise<string> => idTokenOf(url, 'admin');

/** Signs in as a demo account at the server's local identity provider; the id token (the main API's raw Authorization). */
export async function idTokenOf(url: string, key: keyof typeof DEMO_ACCOUNT_BY_KEY): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as RuntimeConfig;
  if (!config.cognito.endpoint) throw new Error('the benchmarks need the local identity provider');
  const { email, password } = DEMO_ACCOUNT_BY_KEY[key];
  const result = await localCognitoClient(config.cognito.endpoint).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: config.cognito.userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const idToken = result.AuthenticationResult?.IdToken;
  if (!idToken) throw new Error(`${email} got no id token`);
  return idToken;
}

/** Waits until the server has written the demo history it writes in the background after starting. */
export async function demoHistoryWritten(url: string, timeoutMs: number): Promise<DemoHistoryStatus> {
  const headers = { authorization: await adminIdTokenOf(url) };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${url}/api/demo-history`, { headers });
    if (!response.ok) throw new Error(`GET /api/demo-history: HTTP ${response.status} ${await response.text()}`);
    const status = (await response.json()) as DemoHistoryStatus;
    if (status.state !== 'writing') return status;
    if (Date.now() > deadline) throw new Error(`The demo history was not written within ${timeoutMs / 60_000} min (${status.daysDone} of ${status.days} days)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
