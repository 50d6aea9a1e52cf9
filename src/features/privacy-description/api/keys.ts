/** Cache keys of the privacy description, one per organization. */
export const privacyDescriptionKeys = {
  all: ['privacy-description'] as const,
  of: (organizationId: number) => ['privacy-description', organizationId] as const,
};
