import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { RuntimeConfig } from '../contracts/config';
import { DEMO_ACCOUNT_BY_KEY, type DemoAccountKey } from '../db/demo-accounts';
import { localCognitoClient } from './provision';

/**
 * Signs in as a demo account at the server's local identity provider, as the app does, and
 * answers the id token (the API's Authorization). Throws when the server's provider is not the
 * local one (a real pool holds no demo passwords).
 */
export async function demoIdToken(url: string, key: DemoAccountKey): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as RuntimeConfig;
  if (!config.cognito.endpoint) throw new Error('the demo accounts sign in at the local identity provider only');
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
