import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkCycleGuard } from './scripts/vite-chunk-guard.ts';
import { pageShell } from './scripts/vite-page-shell.ts';
import { precompress } from './scripts/vite-precompress.ts';

const THEME_COLOR = '#0b7285';
const BACKGROUND_COLOR = '#ffffff';

// The API server (which also serves config.json) runs on 8080; the dev server proxies to it
// so the app always talks to its own origin, as it does when the server serves dist/.
const API_ORIGIN = 'http://localhost:8080';

/**
 * The build's release, sent with crash reports (src/lib/crash-reports.ts): the app's version and
 * the commit it was built from ('0.1.0+3f2c9a1b7d04'), or the version alone outside a git checkout.
 */
function release(): string {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

/** The app's import aliases (as tsconfig.json's paths). */
const APP_ALIASES = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@contracts': fileURLToPath(new URL('./server/src/contracts', import.meta.url)),
};

export default defineConfig({
  define: {
    'import.meta.env.VITE_LAVO_RELEASE': JSON.stringify(release()),
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // src/lib/pwa.ts registers the worker itself (to show the update notice).
      injectRegister: false,
      manifest: {
        name: 'Lavo — Hand Hygiene Console',
        short_name: 'Lavo',
        description: 'Hand-hygiene compliance reports and device management.',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        display: 'standalone',
        orientation: 'any',
        start_url: '/app',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // A classic (iife) worker registers everywhere, including browsers without module workers.
        rollupFormat: 'iife',
        // The manifest and its icons are added by the plugin itself; only the other icons are listed.
        globPatterns: ['**/*.{js,css,html}', 'icons/{apple-touch-icon,favicon-32}.png'],
        // The kill switch must never be precached: it is only ever served in place of sw.js. The
        // pages' copies of index.html are for the server's first answer; the worker serves index.html.
        globIgnores: ['kill-switch-sw.js', 'pages/**'],
      },
      devOptions: { enabled: false },
    }),
    pageShell({ alias: APP_ALIASES }),
    chunkCycleGuard(),
    precompress(),
  ],
  resolve: { alias: APP_ALIASES },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/config.json': API_ORIGIN,
    },
  },
  preview: {
    proxy: {
      '/api': API_ORIGIN,
      '/config.json': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // React and TanStack, which every screen needs, are kept in chunks of their own: they
        // change less often than app code, so an app update re-downloads less. Everything else is
        // split where the app's lazy imports split it, so a library only one lazily loaded page
        // uses (charts, date pickers, CSV, Amplify) loads with that page. A catch-all vendor group
        // would gather every library into one chunk the sign-in screen must load, and groups that
        // cut a library from the components it shares with the app create circular chunks.
        codeSplitting: {
          groups: [
            { name: 'vendor-tanstack', test: /node_modules[\\/]@tanstack/ },
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
