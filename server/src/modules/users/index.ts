// The users entity: what other modules may use (ARCHITECTURE.md 'Server modules').
export { findUserBySubject, linkUserToSubject, recordSignIn } from './identity-link.repo';
export { organizationSettings, toOrganization, toUserSummary } from './users.mappers';
export { findOrganization, findRole, findUser, listUsersInScope } from './users.repo';
export { USER_NOT_FOUND, userInScope, userToChange } from './users.service';
export { type UserFilter, userWhere } from './users-list.repo';
export { inviteNewAccount } from './invite';
export { maskedFor } from './group-only.repo';
export { followInvitationAddress, invitationAddress, settlePendingEmail } from './pending-email';
