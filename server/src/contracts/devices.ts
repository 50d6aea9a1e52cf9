import { z } from 'zod';

/** Device types of the fleet. */
export const DEVICE_TYPES = ['BEACON', 'TABLET', 'GATEWAY', 'DISPENSER', 'WRISTBAND', 'BADGE'] as const;
export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** The device types the Location Editor places (wearables are not on the map). */
export const EDITOR_DEVICE_TYPES = ['BEACON', 'DISPENSER', 'GATEWAY', 'TABLET'] as const satisfies readonly DeviceType[];

/** Wearables: what staff carry, and what room presence and washes are attributed through. */
export const WEARABLE_TYPES = ['WRISTBAND', 'BADGE'] as const satisfies readonly DeviceType[];

/**
 * Zone types. PATIENT_ROOM and CDIFF (a patient room under C. difficile precautions) are patient
 * rooms, whose visits make hand-hygiene opportunities; REMINDER zones make the wristband remind.
 */
/** Zone types; a PRIVATE zone (a breakroom, a restroom) keeps no presence at all (docs/PRIVACY.md 'Private zones'). */
export const ZONE_TYPES = ['PATIENT_ROOM', 'CDIFF', 'REMINDER', 'OTHER', 'PRIVATE'] as const;
export const zoneTypeSchema = z.enum(ZONE_TYPES);
export type ZoneType = z.infer<typeof zoneTypeSchema>;
export const PATIENT_ROOM_TYPES = ['PATIENT_ROOM', 'CDIFF'] as const satisfies readonly ZoneType[];

/** Dispenser roles as the spec writes them. */
export const DISPENSER_ROLES = ['Soap', 'Sanitizer'] as const;
export type DispenserRole = (typeof DISPENSER_ROLES)[number];

/** Hand-hygiene types. */
export const WASH_TYPES = ['SOAP', 'SANITIZER'] as const;
export const washTypeSchema = z.enum(WASH_TYPES);
export type WashType = z.infer<typeof washTypeSchema>;

/** The kiosk/terminal gateway model (charging stations). */
export const KIOSK_GATEWAY_MODEL_ID = 13;
/** The model a new device gets when none is chosen. */
export const DEFAULT_MODEL_ID = 12;

/**
 * The holding location of replaced devices: a device
 * that another one replaced moves here. It belongs to the provider (organization 1) and has no
 * parent, so no hospital's tree, scope or report holds it.
 */
export const REPLACED_DEVICES_GROUP_ID = 533;
export const REPLACED_DEVICES_GROUP_NAME = 'Replaced Devices';
