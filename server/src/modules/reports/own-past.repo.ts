import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

// The goal a user sets themselves (docs/PRIVACY.md 'Feedback against one's own past'): only the
// User Overview's own-past section reads and writes it, so its SQL stays with that report.

/** Sets the user's own goal (null clears it) and answers it as stored. */
export async function setOwnGoal(db: Database, userId: number, goalPercent: number | null): Promise<number | null> {
  const [row] = await db.update(users).set({ ownGoalPercent: goalPercent }).where(eq(users.id, userId)).returning({ goalPercent: users.ownGoalPercent });
  return row?.goalPercent ?? null;
}
