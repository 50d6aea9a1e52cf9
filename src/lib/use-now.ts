import { useEffect, useState } from 'react';

/**
 * The time, moved on every `everyMs` (a minute by default): what a screen needs for 'x min ago'
 * and thresholds in hours, while memoized rows and filters stay put between ticks.
 */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
