/** One of the fixed demo sign-ins (`npm start` prints them, README.md 'Run it'); userName is the email. */
export interface DemoAccount {
  email: string;
  password: string;
  /** The password is temporary: the first sign-in must choose a new one. */
  temporary?: boolean;
  /** Switched off: the identity provider disables it and its row is inactive. */
  disabled?: boolean;
  description: string;
}

/** The eight demo accounts by role key; DEMO_ACCOUNTS lists the same objects. */
export const DEMO_ACCOUNT_BY_KEY = {
  admin: {
    email: 'admin@demo.health',
    password: 'Demo!2345',
    description: 'Provider employee (organization 1), every permission, account type LAVO',
  },
  manager: {
    email: 'manager@demo.health',
    password: 'Demo!2345',
    description: "Hospital administrator (PRO) of St. Mary's Hospital: reports and accounts, no device maintenance",
  },
  nurse: {
    email: 'nurse@demo.health',
    password: 'Demo!2345',
    description: "End user (BASIC), template 'Individual User': lands on the user overview",
  },
  tech: {
    email: 'tech@demo.health',
    password: 'Demo!2345',
    description: 'Device technician: every maintenance permission and USER_OVERVIEW, no compliance reports',
  },
  invited: {
    email: 'invited@demo.health',
    password: 'Temp!2345',
    temporary: true,
    description: 'Invited user: must choose a new password at first sign-in',
  },
  disabled: {
    email: 'disabled@demo.health',
    password: 'Demo!2345',
    disabled: true,
    description: 'Disabled account: sign-in is refused',
  },
  charge: {
    email: 'charge@demo.health',
    password: 'Demo!2345',
    description: "Charge nurse (PRO) of St. Mary's Hospital, template 'Charge Nurse': the compliance reports and Staff Rounding",
  },
  observer: {
    email: 'observer@demo.health',
    password: 'Demo!2345',
    description: "Infection preventionist of Northwind Health Network, template 'Infection Prevention': observation audits and the compliance reports of both hospitals; the live simulator records audits as this observer",
  },
} as const satisfies Record<string, DemoAccount>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNT_BY_KEY;

/** The eight demo accounts in a fixed order. Docs, identity provisioning, the seed and browser tests read this. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = Object.values(DEMO_ACCOUNT_BY_KEY);
