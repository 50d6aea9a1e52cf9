import type { WearableRow } from '@contracts/wearables';
import type { SessionData } from '@/lib/session-context';
import { makeWearable, wearableSession } from '@/entities/devices/test-data';

export { DANA, LEE, makeListUser, NETWORK, SAM, WARD } from '@/entities/devices/test-data';

/** The technician's session, with the network and one ward. */
export const badgeSession = (): SessionData => wearableSession();

/** A badge at the ward, held by `holder` when given. */
export const makeBadge = (id: number, holder: WearableRow['user'] = null): WearableRow => makeWearable('BADGE', id, holder);
