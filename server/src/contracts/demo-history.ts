import { z } from 'zod';
import { endpoint } from './endpoint';

// The demo's simulated history is written after the API server starts listening, newest day
// first; each day shows in the reports as soon as it is stored. The console shows how far it is.

/**
 * Where the demo history stands: being written, written, stopped by an error (the days stored so
 * far are kept; the next start resumes it), or none (no demo, or none asked).
 */
export const DEMO_HISTORY_STATES = ['writing', 'done', 'failed', 'none'] as const;
export type DemoHistoryState = (typeof DEMO_HISTORY_STATES)[number];

/** GET /demo-history answer. */
export const demoHistoryStatusSchema = z.object({
  state: z.enum(DEMO_HISTORY_STATES),
  /** Days stored so far, newest first, of `days`. */
  daysDone: z.number().int().min(0),
  days: z.number().int().min(0),
  /** Events stored so far. */
  events: z.number().int().min(0),
});
export type DemoHistoryStatus = z.infer<typeof demoHistoryStatusSchema>;

/** GET /demo-history: how far the demo history is written (any signed-in user). */
export const demoHistoryEndpoints = {
  get: endpoint({ method: 'GET', path: '/demo-history', response: demoHistoryStatusSchema }),
};
