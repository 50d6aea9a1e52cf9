import { NFC_TAG_STATUSES } from '@contracts/nfc';
import { describe, expect, it } from 'vitest';
import { NFC_ADDRESS_STATUSES, nfcSearchSchema } from './nfc-search';

describe('the NFC page’s address schema', () => {
  it('reads the location, the status and the search text', () => {
    expect(nfcSearchSchema.parse({ groupId: 3, status: 'inactive', search: 'E2E ' })).toEqual({ groupId: 3, status: 'inactive', search: 'E2E ' });
  });

  it('drops what it cannot read ("all" is no status)', () => {
    expect(nfcSearchSchema.parse({ groupId: -3, status: 'all', search: null })).toEqual({ groupId: undefined, status: undefined, search: undefined });
  });

  it('names every tag status', () => {
    expect([...NFC_ADDRESS_STATUSES]).toEqual([...NFC_TAG_STATUSES]);
  });
});
