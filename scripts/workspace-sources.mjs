// Vite's resolve options that read the workspace packages from their TypeScript sources (the
// `@tawqi/source` export condition), so an app builds without any package's `dist`. Both the
// browser's conditions and the server-side environment's: vanilla-extract evaluates every
// `.css.ts` in a server-side Vite of its own (its `ssr` block replaced by the plugin's, its
// `environments` kept), and without the condition there a portal style's `@tawqi/ui` import
// resolved only once ui was built — without it, the build silently left the components' CSS out.

export const SOURCE_CONDITION = '@tawqi/source';

/** Spread into a Vite config (or assigned in Storybook's `viteFinal`). */
export const workspaceSources = {
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'development|production'] },
  environments: {
    ssr: {
      resolve: {
        conditions: [SOURCE_CONDITION, 'module', 'node', 'development|production'],
        externalConditions: [SOURCE_CONDITION],
      },
    },
  },
};
