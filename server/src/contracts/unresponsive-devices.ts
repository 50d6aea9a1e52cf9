import { z } from 'zod';
import { deviceTypeSchema } from './devices';
import { endpoint } from './endpoint';
import { checkDayRange, dayField, idListParam } from './fields';

// The Unresponsive Devices call:
// the devices of some locations that sent no heartbeat during a range of UTC days. What counts
// (docs/SCREENS.md 'Unresponsive Devices'): an active, published device placed in one of the
// locations (each with its whole subtree) that was not heard from the start of startDate to the
// end of endDate, or to now when that is sooner. Its last heartbeat is before the range, or it was
// never heard, or it was heard only after the range. Staged devices and replaced ones (moved to
// 'Replaced Devices') never count; nor does a device added after the range.

/** No groupIds: every location in the caller's scope. */
export const unresponsiveQuerySchema = z
  .object({ groupIds: idListParam, startDate: dayField, endDate: dayField })
  .superRefine(checkDayRange);
/** The query as read (and as the client sends it): the ids and the two days. */
export type UnresponsiveQuery = z.output<typeof unresponsiveQuerySchema>;

export const unresponsiveDeviceSchema = z.object({
  id: z.number().int(),
  mac: z.string(),
  name: z.string(),
  groupId: z.number().int(),
  /** The location's name. */
  group: z.string(),
  type: deviceTypeSchema,
  /** The model's name. */
  model: z.string(),
  /** The latest heartbeat ever received (ISO 8601), null when the device was never heard. */
  lastHeard: z.string().nullable(),
});
export type UnresponsiveDevice = z.infer<typeof unresponsiveDeviceSchema>;

export const unresponsiveEndpoints = {
  /** Longest silent first: never heard, then the oldest last heartbeat. */
  list: endpoint({ method: 'GET', path: '/devices/group/unresponsive', query: unresponsiveQuerySchema, response: z.array(unresponsiveDeviceSchema) }),
};
