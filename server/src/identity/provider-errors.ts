import { HttpError } from '../core/http-error';

/** A failure of the identity provider the caller cannot fix: 502, with the provider's words only in the log. */
export class IdentityProviderError extends HttpError {
  /** Enumerable, so the request log records it beside the stack. */
  readonly provider: { name: string; message: string };

  constructor(cause: unknown) {
    super(502, 'The identity provider could not complete the request');
    const { name, message } = cause instanceof Error ? cause : { name: 'Unknown', message: String(cause) };
    this.provider = { name, message };
  }
}

/**
 * Runs an identity-provider call. Errors named in `shown` become that status with the provider's
 * own message (the client shows it as it is); every other error is an IdentityProviderError.
 */
export async function withProvider<T>(run: () => Promise<T>, shown: Readonly<Record<string, number>> = {}): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const status = error instanceof Error ? shown[error.name] : undefined;
    if (status !== undefined && error instanceof Error) throw new HttpError(status, error.message);
    throw new IdentityProviderError(error);
  }
}
