import { z } from 'zod';

// The server's Content-Security-Policy allows no eval. Zod would otherwise probe `new Function` as it
// builds its first object schema (to compile faster parsers), and the browser reports that refused
// probe as a policy violation. Imported before any schema is built (src/lib/config.ts).
z.config({ jitless: true });
