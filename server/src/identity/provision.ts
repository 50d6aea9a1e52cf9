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

const identityFileSchema = z.object({
  userPoolId: z.string(),
  clientId: z.string(),
  /** The subject of each provisioned account by email: what the demo's user rows are linked by. */
  subjects: z.record(z.string(), z.string()).default({}),
});
export type LocalIdentity = z.infer<typeof identityFileSchema>;

/** Where the local identity's ids are kept under the data directory. */
export const identityFileOf = (dataDir: string) => path.resolve(dataDir, 'identity.json');

/** The local identity provisioned under `dataDir`, or null when there is none (yet). */
export function readLocalIdentity(dataDir: string): LocalIdentity | null {
  const file = identityFileOf(dataDir);
  if (!existsSync(file)) return null;
  const parsed = identityFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  return parsed.success ? parsed.data : null;
}

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
 * The pool and client ids and the accounts' subjects are kept in `{dataDir}/identity.json`, so a
 * second start reuses them and the API can link the demo's user rows to the accounts it made.
 */
export async function provisionLocalIdentity(opts: {
  endpoint: string;
  dataDir: string;
  accounts: readonly IdentityAccount[];
}): Promise<LocalIdentity> {
  const client = localCognitoClient(opts.endpoint);
  const file = identityFileOf(opts.dataDir);
  let pool = await readExisting(client, opts.dataDir);
  if (!pool) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'lavo-local',
        AutoVerifiedAttributes: ['email'],
      }),
    );
    const userPoolId = created.UserPool?.Id;
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
    pool = { userPoolId, clientId };
  }
  const subjects: Record<string, string> = {};
  for (const account of opts.accounts) subjects[account.email] = await ensureAccount(client, pool.userPoolId, account);
  const identity: LocalIdentity = { ...pool, subjects };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(identity, null, 2));
  return identity;
}

async function readExisting(client: CognitoIdentityProviderClient, dataDir: string): Promise<{ userPoolId: string; clientId: string } | null> {
  const existing = readLocalIdentity(dataDir);
  if (!existing) return null;
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: existing.userPoolId }));
    return { userPoolId: existing.userPoolId, clientId: existing.clientId };
  } catch {
    return null;
  }
}

const subjectOf = (attributes: { Name?: string; Value?: string }[] | undefined, username: string): string => {
  const sub = attributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error(`The local identity provider's account ${username} has no subject`);
  return sub;
};

/** Creates the account unless it exists; answers its subject. */
async function ensureAccount(client: CognitoIdentityProviderClient, userPoolId: string, account: IdentityAccount): Promise<string> {
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
    return subjectOf(existing.UserAttributes, Username);
  } catch (error) {
    if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
  }
  const created = await client.send(
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
  return subjectOf(created.User?.Attributes, Username);
}
