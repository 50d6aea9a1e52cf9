/**
 * Runs `task` once the browser has painted the next frame: work the first screen does not need
 * (downloading what a later step uses) then does not compete with drawing it.
 */
export function afterNextPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(task, 0);
    return;
  }
  // A frame callback runs just before the paint; a task queued from it runs just after.
  requestAnimationFrame(() => setTimeout(task, 0));
}

/**
 * Resolves in a new task, so the work before and after it runs as two short tasks instead of one
 * long one (a tap in between is answered at once). Startup code uses it between its steps.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
