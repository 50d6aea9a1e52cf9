import type { NewUserRow } from '../schema';
import { TEMPLATE_IDS } from '../permission-catalog';
import { SEED_GROUPS, SEED_ORGANIZATIONS, type SeedOrganization } from './hierarchy-data';
import { FIRST_NAMES, LAST_NAMES, PROFESSION_WEIGHTS, STAFF_PER_DEPARTMENT } from './people-data';
import type { Random } from './random';

/** A generated staff member, plus the scope a department manager gets. */
export interface StaffMember {
  user: NewUserRow & { userName: string };
  /** Set for the department's nurse manager: the department and its locations. */
  manages?: { organizationIds: number[]; groupIds: number[] };
  subscribes?: 'DEPARTMENT_COMPLIANCE_REPORT' | 'USER_COMPLIANCE_REPORT';
}

const AREA_CODES: Record<string, string> = { 'stmarys.example': '503', 'riverside.example': '614' };
// Professions a ward of that organization also employs, beyond the global mix.
const LOCAL_PROFESSIONS: Record<number, string> = { 8: 'CHILD_LIFE_SPECIALIST', 11: 'ONCOLOGY_NURSE_NAVIGATOR' };
const FIRST_HIRE = Date.UTC(2023, 1, 1, 14);
const DAY_MS = 86_400_000;

const localPart = (first: string, last: string) => `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');

/** Builds the ~194 generated staff members of the department organizations, deterministically. */
export function buildStaff(random: Random, takenUserNames: Iterable<string>): StaffMember[] {
  const taken = new Set(takenUserNames);
  const staff: StaffMember[] = [];
  let employeeNumber = 10_000;

  const departments = SEED_ORGANIZATIONS.filter((o) => o.type === 'DEPARTMENT');
  for (const dept of departments) {
    const groupIds = SEED_GROUPS.filter((g) => g.organizationId === dept.id).map((g) => g.id);
    const count = STAFF_PER_DEPARTMENT[dept.id] ?? 0;
    for (let i = 0; i < count; i++) {
      employeeNumber += random.int(1, 37);
      const isManager = i === 0;
      const member = buildMember(random, dept, groupIds, taken, `E${employeeNumber}`, isManager);
      // Every 50th is a demo user (names masked as 'User'), a few beside the real-looking ones.
      if (staff.length % 50 === 17) member.user.demo = true;
      if (isManager) {
        member.manages = { organizationIds: [dept.id], groupIds };
        member.subscribes = 'DEPARTMENT_COMPLIANCE_REPORT';
      } else if (member.user.active && i % 9 === 4) {
        member.subscribes = 'USER_COMPLIANCE_REPORT';
      }
      staff.push(member);
    }
  }
  return staff;
}

function buildMember(
  random: Random,
  dept: SeedOrganization,
  groupIds: readonly number[],
  taken: Set<string>,
  clientUserId: string,
  isManager: boolean,
): StaffMember {
  const firstName = random.pick(FIRST_NAMES);
  const lastName = random.pick(LAST_NAMES);
  let userName = `${localPart(firstName, lastName)}@${dept.emailDomain}`;
  for (let n = 2; taken.has(userName); n++) {
    userName = `${localPart(firstName, lastName)}${n}@${dept.emailDomain}`;
  }
  taken.add(userName);

  const local = LOCAL_PROFESSIONS[dept.id];
  const professionCode = isManager
    ? 'REGISTERED_NURSE'
    : local !== undefined && random.chance(0.12)
      ? local
      : random.weighted(PROFESSION_WEIGHTS);
  const areaCode = AREA_CODES[dept.emailDomain] ?? '312';
  // 555-0100…0199 is the range reserved for fiction, so no real number is ever seeded.
  const phone = random.chance(0.8) ? `${areaCode}55501${String(random.int(0, 99)).padStart(2, '0')}` : null;
  const createdAt = new Date(FIRST_HIRE + random.int(0, 700) * DAY_MS + random.int(0, 8) * 3_600_000);

  return {
    user: {
      userName,
      clientUserId,
      firstName,
      lastName,
      email: userName,
      phone,
      picture: null,
      professionCode,
      organizationId: dept.id,
      groupId: random.pick(groupIds),
      roleId: isManager ? TEMPLATE_IDS.hospitalAdministrator : TEMPLATE_IDS.individualUser,
      active: isManager || random.chance(0.92),
      demo: false,
      cognitoId: null,
      createdAt,
    },
  };
}
