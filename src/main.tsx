import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch.css';
import './app/print.css';
import { afterNextPaint, nextTask } from './lib/after-paint';

/**
 * The app's code runs once the browser has painted index.html's first screen. Its modules download
 * beside the page (index.html preloads them) but run only then: when they come at once (from the
 * service worker's cache, on a fast network), the first screen still shows without waiting for them.
 * A hidden page paints nothing and runs no frame callbacks: the timer starts it then.
 */
function afterFirstPaint(task: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    task();
  };
  setTimeout(once, document.hidden ? 0 : 250);
  afterNextPaint(once);
}

/**
 * Runs the app's modules a few libraries at a time, each group in a task of its own (React and the
 * router, then the validation library with the configuration's schema, then the app), and then
 * starts it: running them all at once would hold the page for one long task.
 */
async function start(): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./lib/config');
  await nextTask();
  const { startApp } = await import('./app/start-app');
  await nextTask();
  await startApp();
}

afterFirstPaint(() => void start());
