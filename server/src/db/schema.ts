// The data model, one file per area; every table is imported from here (drizzle.config.ts reads
// it too). The tables the others reference (organizations, groups, users, permissions) are in
// schema-directory.ts, so that no schema file imports this one back.
export * from './schema-directory';
export * from './schema-devices';
export * from './schema-events';
export * from './schema-derived';
export * from './schema-idempotency';
export * from './schema-nfc';
export * from './schema-sessions';
export * from './schema-audit';
export * from './schema-answers';
export * from './schema-jobs';
export * from './schema-exports';
export * from './schema-operations';
export * from './schema-gateways';
export * from './schema-iot';
export * from './schema-client-errors';
export * from './schema-audits';
export * from './schema-disputes';
