import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const THEME_COLOR = '#0b7285';
const BACKGROUND_COLOR = '#ffffff';

// The API server (which also serves config.json) runs on 8080; the dev server proxies to it
// so the app always talks to its own origin, as it does when the server serves dist/.
const API_ORIGIN = 'http://localhost:8080';

export default defineConfig({
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
        // The kill switch must never be precached: it is only ever served in place of sw.js.
        globIgnores: ['kill-switch-sw.js'],
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contracts': fileURLToPath(new URL('./server/src/contracts', import.meta.url)),
    },
  },
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
        // Vendor groups change less often than app code, so an app update re-downloads less.
        // Charts and date pickers are used only by lazily loaded pages: their groups come first so
        // they stay out of the chunks the sign-in screen needs.
        codeSplitting: {
          groups: [
            {
              name: 'vendor-charts',
              // Only the matched modules: their shared dependencies (React, Mantine) stay in
              // the groups the sign-in screen loads anyway.
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](@mantine[\\/]charts|recharts|d3-[a-z-]+|victory-vendor|@reduxjs|immer|reselect|react-redux|redux|es-toolkit|decimal\.js-light|internmap)[\\/]/,
            },
            { name: 'vendor-dates', includeDependenciesRecursively: false, test: /node_modules[\\/](@mantine[\\/]dates|dayjs)[\\/]/ },
            { name: 'vendor-csv', includeDependenciesRecursively: false, test: /node_modules[\\/]papaparse[\\/]/ },
            { name: 'vendor-amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy)/ },
            { name: 'vendor-mantine', test: /node_modules[\\/]@mantine/ },
            { name: 'vendor-tanstack', test: /node_modules[\\/]@tanstack/ },
            { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
});
