import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountAccessEndpoints } from '../../contracts/account-access';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import type { TokenVerifier } from '../../identity/verifier';
import { callerOf } from '../../core/caller';
import { createAccountAccessService, INVITE_PAGES } from './account-access.service';
import { forPages, forSignedIn } from '../../core/access';
import { routeOf } from '../../core/route-of';

/**
 * Sign-in account management on the main API. verify-email and set-password are open to the user
 * themself, so their subjects (a manager acting on someone else) are checked by the service once
 * the target is known; resend-invite never acts on the caller and declares its subjects here.
 */
export const accountAccessRoutes: FastifyPluginAsyncZod<{ db: Database; identity: IdentityAdmin; verifier: TokenVerifier }> = async (
  app,
  deps,
) => {
  const service = createAccountAccessService(deps);

  app.route({
    ...routeOf(accountAccessEndpoints.verifyEmail),
    config: forSignedIn(),
    handler: async (request) => service.sendVerificationEmail(callerOf(request), request.body.username),
  });

  app.route({
    ...routeOf(accountAccessEndpoints.userVerifyEmail),
    config: forSignedIn(),
    handler: async (request) => service.verifyOwnEmail(callerOf(request), request.body),
  });

  app.route({
    ...routeOf(accountAccessEndpoints.setPassword),
    config: forSignedIn(),
    handler: async (request) => service.setPassword(callerOf(request), request.body.username, request.body.password),
  });

  app.route({
    ...routeOf(accountAccessEndpoints.resendInvite),
    config: forPages(...INVITE_PAGES),
    handler: async (request) => service.resendInvite(callerOf(request), request.body.Username, request.body.clientId),
  });
};
