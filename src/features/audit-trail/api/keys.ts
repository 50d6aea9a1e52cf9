import type { AuditTrailFilter } from '../audit-trail-search';

/** Cache keys of the audit trail, one list per set of filters. */
export const auditTrailKeys = {
  all: ['audit-trail'] as const,
  list: (filter: AuditTrailFilter) => ['audit-trail', 'list', filter] as const,
};
