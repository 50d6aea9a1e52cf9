/** What a page needs of a location to choose it. */
export interface LocationChoice {
  id: number;
  accessible?: boolean;
  floorplanImage?: string | null;
}

/**
 * The location a page shows: the address's when the user may see it, else the user's first
 * managed location they may see (with a floor plan, for the pages that draw one), else none.
 */
export function addressLocation(
  fromAddress: number | undefined,
  accessible: readonly LocationChoice[],
  managedGroupIds: readonly number[],
  options: { needsFloorPlan?: boolean } = {},
): number | null {
  if (fromAddress !== undefined && accessible.some((g) => g.id === fromAddress)) return fromAddress;
  return managedGroupIds.find((id) => accessible.some((g) => g.id === id && (!options.needsFloorPlan || Boolean(g.floorplanImage)))) ?? null;
}
