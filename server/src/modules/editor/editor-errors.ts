import type { FastifyError, FastifyReply } from 'fastify';
import { EDITOR_MESSAGES, type EditorConflict, type EditorItem, type EditorItemError } from '../../contracts/editor';
import { HttpError } from '../../core/http-error';

// The refusals of a save that say more than a message: which item was at fault, or which entities
// changed since they were loaded. Either way the transaction is rolled back and nothing is saved.

const REASONS: Record<number, string> = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict' };

/** A refusal naming the item at fault (its place in the request, its id and name). */
export class EditorItemRefusal extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly index: number,
    readonly item: Pick<EditorItem, 'entityType' | 'id' | 'name'>,
    readonly reason?: string,
  ) {
    super(statusCode, message);
  }

  body(): EditorItemError {
    return {
      statusCode: this.statusCode,
      error: REASONS[this.statusCode] ?? 'Error',
      message: this.message,
      index: this.index,
      entityType: this.item.entityType,
      id: this.item.id ?? null,
      name: this.item.name,
      ...(this.reason === undefined ? {} : { reason: this.reason }),
    };
  }
}

/** The 409 of a save made from versions older than the stored ones. */
export class EditorConflictRefusal extends HttpError {
  constructor(readonly conflicts: EditorConflict['conflicts']) {
    super(409, EDITOR_MESSAGES.conflict);
  }

  body(): EditorConflict {
    return { statusCode: 409, error: 'Conflict', message: this.message, conflicts: this.conflicts };
  }
}

/** The editor routes' error handler: its own refusals with their details; anything else to the app's handler. */
export function sendEditorRefusal(error: FastifyError, _request: unknown, reply: FastifyReply) {
  if (error instanceof EditorItemRefusal || error instanceof EditorConflictRefusal) {
    return reply.code(error.statusCode).send(error.body());
  }
  throw error;
}
