/** A refusal or failure whose message the requester is shown. */
export class ExportError extends Error {
  override name = 'ExportError';
}

/** A duration as the requester reads it: whole or tenths of seconds, milliseconds under one. */
const durationOf = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${Number((ms / 1_000).toFixed(1))} s`);

/**
 * An export stopped at a time limit, named in its message: the export's own (DATA_EXPORT_TIMEOUT_MS,
 * its query and on PGlite the copying of its rows), or on PGlite the limit of one of its reads of
 * the console's database (DATA_EXPORT_PGLITE_STATEMENT_TIMEOUT_MS).
 */
export class ExportStopped extends ExportError {
  override name = 'ExportStopped';
  constructor(
    readonly limitMs: number,
    readonly limit: 'export' | 'read',
  ) {
    super(
      limit === 'export'
        ? `The export ran longer than ${durationOf(limitMs)} and was stopped.`
        : `The export was stopped: reading its rows from the database took longer than ${durationOf(limitMs)}, the most one of its reads may take.`,
    );
  }
}
