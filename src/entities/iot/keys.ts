/** Cache keys of IoT things that more than one screen reads (the IoT Devices page's lists share the 'things' root). */
export const iotThingKeys = {
  /** Every list of things: refetched after an edit of one. */
  lists: () => ['iot', 'things'] as const,
  /** All the things of one location (the Location Editor). */
  location: (groupId: number) => ['iot', 'things', 'location', groupId] as const,
};
