// Storybook configured by hand (TOOLCHAIN.md: `storybook init` fails here). Stories come from the
// ui package and, later, from the portal.
import type { StorybookConfig } from '@storybook/react-vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';

const config: StorybookConfig = {
  stories: ['../../../packages/ui/src/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: 'react-docgen-typescript' },
  viteFinal(viteConfig) {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), vanillaExtractPlugin()];
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
