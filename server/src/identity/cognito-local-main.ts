/**
 * Runs cognito-local (started with its working directory as the store) and makes its sign-in
 * answer as Amazon Cognito does, so the app's error handling is exercised against real answers:
 * - a disabled user is refused with NotAuthorizedException 'User is disabled.' (cognito-local 5.3
 *   lets disabled users sign in);
 * - a wrong password is NotAuthorizedException 'Incorrect username or password.' (cognito-local
 *   answers InvalidPasswordException), and an unknown user is UserNotFoundException 'User does not exist.'.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface CognitoError extends Error {
  code: string;
}
type Handler = (ctx: unknown, req: InitiateAuthRequest) => Promise<unknown>;
interface InitiateAuthRequest {
  ClientId: string;
  AuthFlow: string;
  AuthParameters?: { USERNAME?: string };
}
interface Services {
  cognito: {
    getUserPoolForClientId(ctx: unknown, clientId: string): Promise<{
      getUserByUsername(ctx: unknown, username: string): Promise<{ Enabled?: boolean } | null>;
    }>;
  };
}

const { Targets } = require('cognito-local/lib/targets/targets.js') as {
  Targets: Record<string, (services: Services) => Handler>;
};
const errors = require('cognito-local/lib/errors.js') as {
  NotAuthorizedError: new (message?: string) => CognitoError;
  UserNotFoundError: new (message?: string) => CognitoError;
};

const original = Targets.InitiateAuth;
if (!original) throw new Error('cognito-local has no InitiateAuth target');

Targets.InitiateAuth = (services) => {
  const handle = original(services);
  return async (ctx, req) => {
    const username = req.AuthParameters?.USERNAME;
    if (req.AuthFlow === 'USER_PASSWORD_AUTH' && username) {
      const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (user && user.Enabled === false) throw new errors.NotAuthorizedError('User is disabled.');
    }
    try {
      return await handle(ctx, req);
    } catch (error) {
      const code = (error as CognitoError).code;
      if (code === 'InvalidPasswordException') throw new errors.NotAuthorizedError('Incorrect username or password.');
      if (code === 'UserNotFoundException') throw new errors.UserNotFoundError('User does not exist.');
      throw error;
    }
  };
};

require('cognito-local/lib/bin/start.js');
