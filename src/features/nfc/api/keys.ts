/** Cache keys of NFC answers; a sent edit invalidates all of them. */
export const nfcKeys = {
  all: ['nfc'] as const,
  tags: (groupId: number | null) => ['nfc', 'tags', groupId] as const,
  events: (tagId: number) => ['nfc', 'events', tagId] as const,
};
