import {
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export interface IdentityAccount {
  email: string;
  password: string;
  temporary?: boolean;
  disabled?: boolean;
}

const identityFileSchema = z.object({ userPoolId: z.string(), clientId: z.string() });
export type LocalIdentity = z.infer<typeof identityFileSchema>;

/** An SDK client for a local Cognito-compatible provider (it accepts any credentials). */
export function localCognitoClient(endpoint: string, region = 'us-east-1') {
  return new CognitoIdentityProviderClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Makes sure the local provider has the user pool, the app client and the given accounts.
 * The pool and client ids are kept in `{dataDir}/identity.json`, so a second start reuses them.
 */
export async function provisionLocalIdentity(opts: {
  endpoint: string;
  dataDir: string;
  accounts: readonly IdentityAccount[];
}): Promise<LocalIdentity> {
  const client = localCognitoClient(opts.endpoint);
  const file = path.resolve(opts.dataDir, 'identity.json');
  let identity = await readExisting(client, file);
  if (!identity) {
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'lavo-local',
        AutoVerifiedAttributes: ['email'],
      }),
    );
    const userPoolId = pool.UserPool?.Id;
    if (!userPoolId) throw new Error('The local identity provider created a pool without an id');
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'lavo-web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        // Cognito's defaults (cognito-local's own are 24 hours), so local sessions renew as production ones do.
        AccessTokenValidity: 1,
        IdTokenValidity: 1,
        RefreshTokenValidity: 30,
        TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
      }),
    );
    const clientId = app.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('The local identity provider created an app client without an id');
    identity = { userPoolId, clientId };
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(identity, null, 2));
  }
  for (const account of opts.accounts) await ensureAccount(client, identity.userPoolId, account);
  return identity;
}

async function readExisting(client: CognitoIdentityProviderClient, file: string): Promise<LocalIdentity | null> {
  if (!existsSync(file)) return null;
  const parsed = identityFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) return null;
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: parsed.data.userPoolId }));
    return parsed.data;
  } catch {
    return null;
  }
}

async function ensureAccount(client: CognitoIdentityProviderClient, userPoolId: string, account: IdentityAccount) {
  const Username = account.email;
  try {
    const existing = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username }));
    // A temporary password expires (7 days by default): renew the demo's on every start so the
    // invited account keeps working on a long-lived local store.
    if (account.temporary && existing.UserStatus === 'FORCE_CHANGE_PASSWORD') {
      await client.send(
        new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username, Password: account.password, Permanent: false }),
      );
    }
    return;
  } catch (error) {
    if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
  }
  await client.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username,
      TemporaryPassword: account.password,
      MessageAction: 'SUPPRESS',
      DesiredDeliveryMediums: ['EMAIL'],
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  if (!account.temporary) {
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username, Password: account.password, Permanent: true }),
    );
  }
  if (account.disabled) await client.send(new AdminDisableUserCommand({ UserPoolId: userPoolId, Username }));
}
