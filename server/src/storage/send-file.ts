import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from './storage';

/** A stored file as a route hands it over: where the bucket serves it, or its stream from the local directory. */
export type StoredFile = { redirect: string } | { stream: NodeJS.ReadableStream; fileName: string };

/** Answers with a stored file's stream for its requester only, saved under its name, never cached. */
export function sendStoredFile(reply: FastifyReply, file: { stream: NodeJS.ReadableStream; fileName: string }, contentType: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

/** Answers with a stored CSV for its requester only: a redirect to the bucket's link, or the file, never cached. */
export function sendStoredCsv(reply: FastifyReply, file: StoredFile) {
  if ('redirect' in file) return reply.redirect(file.redirect, 302);
  return sendStoredFile(reply, file, 'text/csv; charset=utf-8');
}
