import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a page's `steps` sections to show: the first at once, then one more per task, each
 * rendered as a transition. A long page then commits (creates its elements and lays them out) in
 * several short tasks instead of one long one that would hold up a tap. Sections are revealed top
 * to bottom, so each lands below what is already on screen and nothing shifts.
 */
export function useStagedReveal(steps: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= steps) return;
    const timer = setTimeout(() => startTransition(() => setShown((count) => count + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, steps]);
  return Math.min(shown, steps);
}
