import { z } from 'zod';
import { dayField } from '../../contracts/fields';

// The arguments of `npm run derive -- --from DAY --to DAY`: whole UTC days, both included.

const argsSchema = z
  .object({ from: dayField, to: dayField })
  .refine((a) => a.from <= a.to, { message: 'must not be after --to', path: ['from'] });

/** The span to derive again, from the command line; throws a message naming what is wrong. */
export function parseDeriveArgs(argv: readonly string[]): { from: Date; to: Date } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    const match = /^--(from|to)(?:=(.*))?$/.exec(flag);
    if (!match) throw new Error(`Unknown argument "${flag}". Usage: npm run derive -- --from YYYY-MM-DD --to YYYY-MM-DD`);
    values[match[1] as string] = match[2] ?? argv[++i] ?? '';
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`--${String(issue?.path[0] ?? 'from')} ${issue?.message ?? 'is invalid'}. Usage: npm run derive -- --from YYYY-MM-DD --to YYYY-MM-DD`);
  }
  return { from: new Date(`${parsed.data.from}T00:00:00.000Z`), to: new Date(`${parsed.data.to}T23:59:59.999Z`) };
}
