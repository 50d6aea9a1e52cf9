import { useState } from 'react';

/**
 * True from the first time `opened` is true. A dialog or drawer rendered only from then on costs
 * nothing while a page first renders (Mantine keeps a closed one in the page, portal and all), and
 * still animates as it closes and opens again later.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  // Derived state, set during render: React re-renders at once, before anything is committed.
  if (opened && !once) setOnce(true);
  return once || opened;
}
