import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';

/** Badge and wristband administration: the users list, wearables, assign, unassign and history (03 §7). */
export const wearablesAdminRoutes: FastifyPluginAsyncZod<{ db: Database }> = async () => {};
