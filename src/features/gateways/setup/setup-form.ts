import { GATEWAY_SETUP_GROUP_ID, GATEWAY_SETUP_GROUP_NAME } from '@contracts/gateways';
import { configRequestSchema, SETUP_TIME_ZONE_NAMES, SETUP_TIME_ZONES, wifiSchema, type ConfigRequest, type SetupTimeZone } from '@contracts/gateways-realtime';
import { z } from 'zod';

// The Gateway Setup drawer's form (docs/GATEWAYS.md 'The Setup drawer'): the WiFi
// network every named gateway joins, its optional password, the gateways' time zone, and the
// location they are placed in. The WiFi rules are the contract's (`wifiSchema`).

const PASSWORD = wifiSchema.shape.password.unwrap();

export const setupFormSchema = z.object({
  ssid: wifiSchema.shape.ssid.refine((ssid) => ssid.trim() !== '', 'A WiFi network name is required'),
  /** Empty: an open network; the password is then left out of the request. */
  password: z.string().superRefine((password, ctx) => {
    if (password === '') return;
    const checked = PASSWORD.safeParse(password);
    if (!checked.success) for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
  }),
  timeZone: z.enum(SETUP_TIME_ZONE_NAMES),
  /** None until one is picked. */
  groupId: z
    .number()
    .int()
    .nullable()
    .pipe(z.number('Choose a location').refine((id) => id !== GATEWAY_SETUP_GROUP_ID, `Choose a location outside ${GATEWAY_SETUP_GROUP_NAME}`)),
});
export type SetupFormValues = z.output<typeof setupFormSchema>;
/** The form as it is edited. */
export type SetupFormDraft = z.input<typeof setupFormSchema>;

export const TIME_ZONE_OPTIONS = SETUP_TIME_ZONE_NAMES.map((zone) => ({ value: zone, label: zone.replace('_', ' ') }));

const isSetupZone = (zone: string | undefined): zone is SetupTimeZone => zone !== undefined && zone in SETUP_TIME_ZONES;

/**
 * The form's start: the location the page shows (unless it is the queue itself), and that
 * location's time zone when it is a supported one, else US/Eastern.
 */
export function setupFormDefaults(groupId: number | null, locationTimeZone: string | undefined): SetupFormDraft {
  return {
    ssid: '',
    password: '',
    timeZone: isSetupZone(locationTimeZone) ? locationTimeZone : 'US/Eastern',
    groupId: groupId === GATEWAY_SETUP_GROUP_ID ? null : groupId,
  };
}

/** The locations the gateways may be placed in: every one but the queue. */
export const placeableLocations = <T extends { id: number }>(groups: readonly T[]): T[] => groups.filter((g) => g.id !== GATEWAY_SETUP_GROUP_ID);

/** The configuration request a gateway is sent: the password left out when empty, the zone as its POSIX string. */
export function configRequestOf(values: Pick<SetupFormValues, 'ssid' | 'password' | 'timeZone'>, id: string): ConfigRequest {
  return configRequestSchema.parse({
    id,
    wifi: { ssid: values.ssid, ...(values.password === '' ? {} : { password: values.password }) },
    timezone: SETUP_TIME_ZONES[values.timeZone],
  });
}

/** Whether the user may set gateways up: the queue is a location of their scope (else the server answers its list 404). */
export const holdsSetupQueue = (groups: readonly { id: number; accessible: boolean }[]) => groups.some((g) => g.id === GATEWAY_SETUP_GROUP_ID && g.accessible);
