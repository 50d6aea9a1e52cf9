import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** Records a user's picture (the path their photo is served from). */
export async function setPicture(db: Database, userId: number, picture: string): Promise<void> {
  await db.update(users).set({ picture }).where(eq(users.id, userId));
}
