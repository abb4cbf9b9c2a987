// The portal: a Vite single-page app. Screens load lazily per route, so the first visit to the
// public home downloads little of the app. In development, /api, /locales and the simulators are
// proxied to the server on 127.0.0.1:3000.
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.TAWQI_SERVER ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  resolve: { conditions: ['@tawqi/source', 'module', 'browser', 'development|production'] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': server, '/simulators': server, '/dev': server },
  },
  // Nothing inlined as data: URIs (fonts included): the CSP allows only this origin's files.
  build: {
    outDir: 'dist',
    sourcemap: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // React DOM in a chunk of its own: it changes rarely, so a new release of the portal leaves it
    // cached. Vite's preload helper goes with it rather than alone (the screens of an area load
    // lazily, so the helper is shared and would otherwise be a chunk of its own).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'react-dom', test: /react-dom|scheduler|preload-helper/ }],
        },
      },
    },
  },
});
