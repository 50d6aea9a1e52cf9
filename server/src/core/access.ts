import { admitsCaller, pageGrant, passesAny, PAGE_ACCESS, type AccessGrant, type AppPage } from '../contracts/page-access';
import type { PermissionSubject } from '../contracts/permissions';
import { isEmployee } from './acting-on-users';
import type { Caller } from './caller';

// Who may call a route, declared by each route (`config`) and checked for every request by
// plugins/auth.ts; services ask `mayUse` for what a page's features allow (ARCHITECTURE.md 'Layers').

/** The device-maintenance pages (the maintenance section of the navigation). */
export const MAINTENANCE_PAGES = (Object.keys(PAGE_ACCESS) as AppPage[]).filter((page) => page.startsWith('/app/maintenance/'));

/** A page that uses a route, or one feature of it (the page's account types, some of its subjects). */
export interface PageUse {
  page: AppPage;
  /** Only these of the page's subjects grant the route (a gated feature, docs/PERMISSIONS.md 'Permissions: who may call what'); all of them when absent. */
  subjects?: readonly PermissionSubject[];
}

/**
 * Who may call a route (docs/PERMISSIONS.md): anyone ('public'), a gateway with its token
 * ('gateway'), an IoT thing with its token ('thing'), any signed-in user with an account here ('signed-in'), or a user who may use one of
 * the pages that call it, by the route table's subjects and account types.
 */
export type RouteAccess = 'public' | 'gateway' | 'thing' | 'signed-in' | { readonly pages: readonly PageUse[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (docs/PERMISSIONS.md); every API route declares it, plugins/access-rules.ts holds them to it. */
    access?: RouteAccess;
  }
}

/** One feature of a page: granted by these of its subjects only. */
export const feature = (page: AppPage, ...subjects: PermissionSubject[]): PageUse => ({ page, subjects });

const useOf = (use: AppPage | PageUse): PageUse => (typeof use === 'string' ? { page: use } : use);

/** The grants of page uses. */
export const grantsOf = (uses: readonly (AppPage | PageUse)[]): AccessGrant[] => uses.map(useOf).map((u) => pageGrant(u.page, u.subjects));

/** Route config: the main API, for users who may use one of these pages (or features). */
export const forPages = (...uses: (AppPage | PageUse)[]) => ({ auth: 'id' as const, access: { pages: uses.map(useOf) } });

/** Route config: the main API (or with 'access', the newer one) for any signed-in user; the handler decides the rest. */
export const forSignedIn = (auth: 'id' | 'access' = 'id') => ({ auth, access: 'signed-in' as const });

/** Route config: no sign-in. */
export const forPublic = { auth: 'public' as const, access: 'public' as const };

/** Route config: a gateway, authenticated by its own token in the handler. */
export const forGateways = { auth: 'public' as const, access: 'gateway' as const };

/** Route config: an IoT thing, authenticated by its own token in the handler (docs/IOT.md). */
export const forThings = { auth: 'public' as const, access: 'thing' as const };

/** What `mayUse` reads of a caller: who they are, what they hold, and their organization's account type. */
export type PageUser = Pick<Caller, 'user' | 'subjects' | 'organization'>;

/** Whether the caller may use any of the pages (or features): subjects, account type, and employee for the provider's pages. */
export function mayUse(caller: PageUser, ...uses: (AppPage | PageUse)[]): boolean {
  return passesAny(grantsOf(uses), caller.subjects, caller.organization.accountType, isEmployee(caller));
}

/** The message of a refusal on the provider's own pages (Server Logs). */
export const EMPLOYEES_ONLY_MESSAGE = "This page is for the provider's employees only";

/**
 * Why a caller who fails the grants is refused: when a held subject would otherwise do, their
 * account type, or (on the provider's pages) that they are no employee of the provider.
 */
export function refusalOf(caller: Caller, uses: readonly PageUse[]): string {
  const holding = uses.filter((u) => (u.subjects ?? PAGE_ACCESS[u.page].subjects).some((s) => caller.subjects.has(s)));
  if (holding.length === 0) return 'You do not have permission to do this';
  const accountType = caller.organization.accountType;
  const typeFits = holding.filter((u) => (PAGE_ACCESS[u.page].accountTypes as readonly string[]).includes(accountType));
  if (typeFits.length > 0 && !typeFits.some((u) => admitsCaller(pageGrant(u.page), isEmployee(caller)))) return EMPLOYEES_ONLY_MESSAGE;
  return 'Your account type does not include this page';
}
