import { z } from 'zod';

/**
 * An optional text search parameter. The router reads digit-only values (codes) as numbers, so
 * they are turned back into text; anything unreadable is dropped.
 */
export const searchText = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);
