// Storybook configured by hand (TOOLCHAIN.md: `storybook init` fails here). Stories come from the
// ui package and from the portal; the portal's public folder gives its translations, and Mock
// Service Worker answers the portal's calls from the api contract's mock handlers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin } from 'vite';

/**
 * Serves msw's worker script at the root (the scope it must control) from the installed msw, in
 * development, in the Vitest run and in the static build, so the script always matches the
 * library's version and no generated copy is committed.
 */
function mswWorker(): Plugin {
  const script = () =>
    readFileSync(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'), 'utf8');
  return {
    name: 'tawqi:msw-worker',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('content-type', 'text/javascript; charset=utf-8');
        response.end(script());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'mockServiceWorker.js', source: script() });
    },
  };
}

const config: StorybookConfig = {
  stories: [
    '../../../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../../portal/src/**/*.stories.@(ts|tsx)',
  ],
  staticDirs: ['../../portal/public'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), vanillaExtractPlugin(), mswWorker()];
    viteConfig.resolve = {
      ...viteConfig.resolve,
      conditions: ['@tawqi/source', 'module', 'browser', 'development|production'],
    };
    viteConfig.optimizeDeps = {
      ...viteConfig.optimizeDeps,
      // A cold cache otherwise reloads the page mid-test ("Vite unexpectedly reloaded a test").
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        '@vanilla-extract/recipes/createRuntimeFn',
        'react-aria-components',
        'react-dom/client',
        'react/jsx-runtime',
        'react/jsx-dev-runtime',
      ],
    };
    return viteConfig;
  },
};

export default config;
