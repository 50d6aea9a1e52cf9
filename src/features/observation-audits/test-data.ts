import type { AuditUnit, ObservationSession } from '@contracts/observation-audits';

/** A unit as GET /audits/units answers it, on Pacific time. */
export const ICU: AuditUnit = {
  id: 6,
  name: 'ICU – 3 North',
  parentName: "St. Mary's Hospital",
  timeZone: 'US/Pacific',
  rooms: [
    { id: 101, name: 'Room 301' },
    { id: 102, name: 'Room 302' },
  ],
  staff: [
    { id: 41, name: 'Dana Ortiz', professionId: 'RN', wearableMacs: ['0E:A1:00:00:00:41'], nfcTags: ['04A1B2C3D4E5F6AB12345'] },
    { id: 42, name: 'Lee Park', professionId: 'MD', wearableMacs: [], nfcTags: [] },
  ],
  professions: [
    { id: 'MD', name: 'Physician' },
    { id: 'RN', name: 'Registered Nurse' },
  ],
};

export const ED: AuditUnit = { ...ICU, id: 9, name: 'Emergency – Fast Track', rooms: [], staff: [] };

/** A stored session as GET /audits/sessions answers it. */
export function serverSession(clientId: string, startedAt: string, patch: Partial<ObservationSession> = {}): ObservationSession {
  return {
    clientId,
    groupId: ICU.id,
    groupName: ICU.name,
    observer: { id: 7, name: 'Casey Rivera' },
    startedAt,
    endedAt: null,
    observations: 0,
    compliant: 0,
    ...patch,
  };
}
