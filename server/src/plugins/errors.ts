import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseInputError, isStatementTimeout } from '../core/database-error';
import { HttpError } from '../core/http-error';

const reasons: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** What a caller reads when the database stopped their request's statement at its time limit. */
export const STATEMENT_TIMEOUT_MESSAGE =
  'This report took too long to prepare and was stopped. Narrow the dates or the selection (fewer locations or people) and try again.';

/** One error handler: clear 4xx messages, 5xx details only in the log; a statement stopped at its time limit is 503. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const where = first?.instancePath ? ` (${error.validationContext}${first.instancePath})` : ` (${error.validationContext})`;
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: `${first?.message ?? 'Invalid request'}${where}` });
    }
    if (isStatementTimeout(error)) {
      request.log.warn({ err: error, url: request.url }, 'statement stopped at its time limit');
      return reply.code(503).send({ statusCode: 503, error: reasons[503], message: STATEMENT_TIMEOUT_MESSAGE });
    }
    if (isDatabaseInputError(error)) {
      // A value the contract should have refused reached the database: the request is at fault, not the server.
      request.log.warn({ err: error }, 'the database refused a value of the request');
      return reply.code(400).send({ statusCode: 400, error: 'Bad Request', message: 'A value of the request is malformed or out of range' });
    }
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // An HttpError's message was written to be shown; anything else may carry internals.
      return error instanceof HttpError
        ? reply.code(status).send({ statusCode: status, error: reasons[status] ?? 'Internal Server Error', message: error.message })
        : reply.code(status).send({ statusCode: status, error: 'Internal Server Error', message: 'uh oh something went wrong' });
    }
    return reply.code(status).send({ statusCode: status, error: reasons[status] ?? 'Error', message: error.message });
  });
}
