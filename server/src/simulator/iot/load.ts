import { eq } from 'drizzle-orm';
import { createDatabase } from '../../db/client';
import { demoOnlineThingAwsIds, demoThings } from '../../db/demo/iot';
import { iotThings } from '../../db/schema';
import type { PlayedThing } from './things-player';

/**
 * The things to play: the online ones, from the database when there is a URL, else the demo's
 * (PGlite is open in the API server's process only; the demo's things are the seed's).
 */
export async function loadPlayedThings(databaseUrl: string | undefined): Promise<PlayedThing[]> {
  if (databaseUrl) {
    const handle = await createDatabase({ url: databaseUrl });
    try {
      return await handle.db.select({ awsId: iotThings.awsId, type: iotThings.type }).from(iotThings).where(eq(iotThings.connected, true)).orderBy(iotThings.awsId);
    } finally {
      await handle.close();
    }
  }
  const online = new Set(demoOnlineThingAwsIds());
  return demoThings()
    .filter((thing) => online.has(thing.awsId))
    .map(({ awsId, type }) => ({ awsId, type }));
}
