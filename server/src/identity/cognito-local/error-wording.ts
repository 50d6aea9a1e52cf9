/**
 * Amazon Cognito's wording for errors cognito-local 5.3 words its own way, for every operation:
 * a wrong confirmation or verification code (ConfirmSignUp, ConfirmForgotPassword,
 * VerifyUserAttribute) is CodeMismatchException 'Invalid verification code provided, please try
 * again.' (cognito-local: 'Incorrect confirmation code'). The client shows such messages as they are.
 */
import { errors, Targets, type CognitoErrorInstance } from './internals';

export const CODE_MISMATCH_MESSAGE = 'Invalid verification code provided, please try again.';

const COGNITO_WORDING: Record<string, string> = {
  CodeMismatchException: CODE_MISMATCH_MESSAGE,
};

/** Rewords the errors of every target registered so far: call it after the other patches. */
export function applyCognitoWording(): void {
  for (const [name, target] of Object.entries(Targets)) {
    Targets[name] = (services) => {
      const handle = target(services);
      return async (ctx, req) => {
        try {
          return await handle(ctx, req);
        } catch (error) {
          const wording = COGNITO_WORDING[(error as CognitoErrorInstance).code];
          if (wording && error instanceof Error && error.message !== wording) {
            throw new errors.CognitoError((error as CognitoErrorInstance).code, wording);
          }
          throw error;
        }
      };
    };
  }
}
