import { describeMalformedInput } from '../../helpers/malformed-input';

// Every route walked with malformed input: tests/server/helpers/malformed-input.ts.
describeMalformedInput(3);
