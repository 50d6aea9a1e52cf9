/** What a page needs of a location to choose it. */
export interface LocationChoice {
  id: number;
  parentId?: number | null;
  accessible?: boolean;
  floorplanImage?: string | null;
}

/** The location and those under it, depth first in the list's order (the tree's order). */
function subtree(root: LocationChoice, all: readonly LocationChoice[]): LocationChoice[] {
  const children = new Map<number, LocationChoice[]>();
  for (const g of all) if (g.parentId != null) children.set(g.parentId, [...(children.get(g.parentId) ?? []), g]);
  const out: LocationChoice[] = [];
  const seen = new Set<number>();
  const walk = (g: LocationChoice) => {
    if (seen.has(g.id)) return;
    seen.add(g.id);
    out.push(g);
    for (const child of children.get(g.id) ?? []) walk(child);
  };
  walk(root);
  return out;
}

/**
 * The location a page shows: the address's when the user may see it, else the user's first
 * managed location they may see, else none. A page that draws a floor plan opens on the first
 * location with a plan in the user's managed locations, looking under each in the tree's order
 * (a technician who manages a hospital opens on its first unit with a plan).
 */
export function addressLocation(
  fromAddress: number | undefined,
  accessible: readonly LocationChoice[],
  managedGroupIds: readonly number[],
  options: { needsFloorPlan?: boolean } = {},
): number | null {
  if (fromAddress !== undefined && accessible.some((g) => g.id === fromAddress)) return fromAddress;
  const managed = managedGroupIds.flatMap((id) => accessible.filter((g) => g.id === id));
  if (!options.needsFloorPlan) return managed[0]?.id ?? null;
  for (const root of managed) {
    const withPlan = subtree(root, accessible).find((g) => Boolean(g.floorplanImage));
    if (withPlan) return withPlan.id;
  }
  return null;
}
