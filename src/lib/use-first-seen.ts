import { type RefCallback, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * True once the element has come within `rootMargin` of the viewport, and from then on. Heavy
 * parts below the fold (charts on a phone or a portrait tablet) wait until scrolled to, so the
 * top of the page renders first. Without IntersectionObserver everything counts as seen. A print
 * shows the whole page, so before printing everything is drawn at once (synchronously: the
 * browser lays the printout out right after its `beforeprint` handlers).
 */
export function useFirstSeen<T extends Element>(rootMargin = '200px'): [RefCallback<T>, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (node: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!node || typeof IntersectionObserver === 'undefined') return;
      observer.current = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          setSeen(true);
          observer.current?.disconnect();
          observer.current = null;
        },
        { rootMargin },
      );
      observer.current.observe(node);
    },
    [rootMargin],
  );
  useEffect(() => {
    if (seen) return;
    const beforePrint = () => flushSync(() => setSeen(true));
    window.addEventListener('beforeprint', beforePrint);
    return () => window.removeEventListener('beforeprint', beforePrint);
  }, [seen]);
  return [ref, seen];
}
