import type { Database } from '../../db/client';
import type { IotBackend, LocalThingSide } from './iot-backend';
import { localJobs } from './local-iot-jobs';
import { localThings } from './local-iot-things';

/** The local stand-in for AWS IoT (docs/IOT.md): the IoT backend and the things' side, on the database. */
export function createLocalIotBackend(db: Database): IotBackend & LocalThingSide {
  return { ...localThings(db), ...localJobs(db) };
}

/** How often the local stand-in starts the scheduled jobs whose start has come. */
export const SCHEDULE_TICK_MS = 10_000;
