import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

/** The NFC tag calls of 03 §7 (NFC Tag Assignment). */
export const nfcRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
