// Storybook configured by hand (TOOLCHAIN.md: `storybook init` fails here). Stories come from the
// ui package and from the portal; the portal's public folder gives its translations, and Mock
// Service Worker answers the portal's calls from the api contract's mock handlers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import type { Plugin } from 'vite';
import { DOCGEN_OPTIONS } from '../../../packages/ui/src/docs/docgen.js';
import { pdfjsData } from '../../../scripts/pdfjs-data.mjs';
import { workspaceSources } from '../../../scripts/workspace-sources.mjs';

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

/** The ui package's folder (absolute: the docgen plugin globs from Storybook's own root). */
const UI_PACKAGE = fileURLToPath(new URL('../../../packages/ui/', import.meta.url));

const config: StorybookConfig = {
  stories: [
    // The design system's pages first: how to adopt it, then its tokens.
    '../../../packages/ui/src/docs/*.mdx',
    '../../../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../../portal/src/**/*.stories.@(ts|tsx)',
  ],
  staticDirs: ['../../portal/public'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    // The props tables of the ui components' docs pages: read with the ui package's own program
    // and its rule of what a table lists (src/docs/docgen.ts; its test holds every component to it).
    reactDocgenTypescriptOptions: {
      tsconfigPath: join(UI_PACKAGE, 'tsconfig.json'),
      include: [
        join(UI_PACKAGE, 'src/components/**/*.tsx'),
        join(UI_PACKAGE, 'src/provider/*.tsx'),
      ],
      exclude: ['**/*.stories.tsx'],
      ...DOCGEN_OPTIONS,
    },
  },
  viteFinal(viteConfig) {
    viteConfig.plugins = [
      ...(viteConfig.plugins ?? []),
      vanillaExtractPlugin(),
      mswWorker(),
      pdfjsData(),
    ];
    viteConfig.resolve = { ...viteConfig.resolve, ...workspaceSources.resolve };
    viteConfig.environments = { ...viteConfig.environments, ...workspaceSources.environments };
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
        // Found only when a story opens a document: optimized mid-run, it was too late for it.
        'pdfjs-dist',
      ],
    };
    return viteConfig;
  },
};

export default config;
