import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  resendInviteBodySchema,
  resendInviteResponseSchema,
  setPasswordBodySchema,
  setPasswordResponseSchema,
  userVerifyEmailBodySchema,
  userVerifyEmailResponseSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '../../contracts/account-access';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import type { TokenVerifier } from '../../identity/verifier';
import { callerOf } from '../../plugins/auth';
import { createAccountAccessService, INVITE_PAGES } from './account-access.service';
import { forPages, forSignedIn } from '../../plugins/access';

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

  app.post(
    '/users/verify-email',
    { config: forSignedIn(), schema: { body: verifyEmailBodySchema, response: { 200: verifyEmailResponseSchema } } },
    async (request) => service.sendVerificationEmail(callerOf(request), request.body.username),
  );

  app.post(
    '/users/user-verify-email',
    { config: forSignedIn(), schema: { body: userVerifyEmailBodySchema, response: { 200: userVerifyEmailResponseSchema } } },
    async (request) => service.verifyOwnEmail(callerOf(request), request.body),
  );

  app.put(
    '/users/set-password',
    { config: forSignedIn(), schema: { body: setPasswordBodySchema, response: { 200: setPasswordResponseSchema } } },
    async (request) => service.setPassword(callerOf(request), request.body.username, request.body.password),
  );

  app.post(
    '/users/resend-invite',
    {
      config: forPages(...INVITE_PAGES),
      schema: { body: resendInviteBodySchema, response: { 200: resendInviteResponseSchema } },
    },
    async (request) => service.resendInvite(callerOf(request), request.body.Username, request.body.clientId),
  );
};
