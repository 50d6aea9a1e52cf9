/** What counts as the user doing something with the page. */
const INPUT_EVENTS = ['pointerdown', 'pointermove', 'wheel', 'touchstart', 'touchmove', 'keydown'] as const;

/**
 * Runs `work` once the user has left the page alone for `quietMs` (no pointer, wheel, touch or
 * key input), and at the latest `latestMs` from now: background work that costs the main thread a
 * long task (loading a large module) then does not land in the middle of a pan or a pinch.
 * Returns a function that cancels it.
 */
export function whenInputQuiet(work: () => void, quietMs: number, latestMs: number, target: EventTarget = window): () => void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const options = { capture: true, passive: true } as const;
  const cancel = () => {
    done = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    for (const type of INPUT_EVENTS) target.removeEventListener(type, restart, options);
  };
  const run = () => {
    if (done) return;
    cancel();
    work();
  };
  function restart() {
    clearTimeout(quiet);
    quiet = setTimeout(run, quietMs);
  }
  const latest = setTimeout(run, latestMs);
  for (const type of INPUT_EVENTS) target.addEventListener(type, restart, options);
  restart();
  return cancel;
}
