import { eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

/** The identity a verified token names. */
export interface TokenIdentity {
  sub: string;
  userName: string;
  email?: string;
}

/**
 * Finds the user a token belongs to: by the provider's subject id once linked, else by
 * sign-in name or email, linking the subject id.
 */
export async function findUserForIdentity(db: Database, identity: TokenIdentity): Promise<UserRow | null> {
  const linked = await findUserBySubject(db, identity.sub);
  if (linked) return linked;
  const names = [identity.userName, identity.email].filter((v): v is string => !!v).map((v) => v.toLowerCase());
  const [named] = await db
    .select()
    .from(users)
    .where(or(...names.map((n) => eq(users.userName, n))))
    .limit(1);
  if (!named) return null;
  // Link on first sight; relink when the provider's account was recreated (a new pool, or the
  // user deleted and invited again): the verified token's name is the provider's word.
  if (named.cognitoId !== identity.sub) {
    await db.update(users).set({ cognitoId: identity.sub }).where(eq(users.id, named.id));
  }
  return { ...named, cognitoId: identity.sub };
}

/** The user already linked to the identity provider's subject id. */
export async function findUserBySubject(db: Database, sub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.cognitoId, sub)).limit(1);
  return row ?? null;
}
