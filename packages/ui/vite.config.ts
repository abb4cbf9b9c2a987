// The publishable build: ES modules that keep the component files apart (tree-shaking), each
// style module's CSS in a file beside it that the module imports, so an app's bundler ships the
// CSS of what it imports and nothing else. `@tawqi/ui/style.css` is all of it in one file, in the
// order the modules import each other, for a page without a bundler. React, React Aria and the
// other dependencies stay external: the app installs them once. The theme is also written as W3C
// Design Tokens for designers' tools.
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { designTokens } from './src/theme/designTokens.js';

type OutputChunk = Rolldown.OutputChunk;

const STYLE_MODULE_CSS = /\.css\.ts\.vanilla\.css$/u;

/**
 * Vite's library mode writes a module's CSS but not the import that would load it: this adds it,
 * last (an import's place does not move the code's lines, so the source maps stay true, and
 * imports run in their order: a module's own CSS comes after that of the modules it builds on),
 * and writes the whole `style.css` in that same order.
 */
function importOwnCss(): Plugin {
  return {
    name: 'tawqi:import-own-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is OutputChunk => file.type === 'chunk',
      );
      for (const chunk of chunks)
        for (const css of cssOf(chunk)) {
          // Before the source map's comment, which ends the file.
          const mapComment = chunk.code.lastIndexOf('\n//# sourceMappingURL=');
          const end = mapComment === -1 ? chunk.code.length : mapComment;
          const line = `\nimport './${css.slice(css.lastIndexOf('/') + 1)}';`;
          chunk.code = chunk.code.slice(0, end) + line + chunk.code.slice(end);
        }
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!entry) throw new Error('the build has no entry');
      this.emitFile({
        type: 'asset',
        fileName: 'style.css',
        source: cssInImportOrder(entry, bundle),
      });
    },
  };
}

function cssOf(chunk: OutputChunk): string[] {
  return [...(chunk.viteMetadata?.importedCss ?? [])];
}

function cssInImportOrder(entry: OutputChunk, bundle: Rolldown.OutputBundle): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (next?.type === 'chunk') visit(next);
    }
    for (const css of cssOf(chunk)) {
      const asset = bundle[css];
      if (asset?.type === 'asset') parts.push(String(asset.source));
    }
  };
  visit(entry);
  return parts.join('\n');
}

/** The theme as W3C Design Tokens, a file per theme (`@tawqi/ui/tokens/light.tokens.json`). */
function emitDesignTokens(): Plugin {
  return {
    name: 'tawqi:design-tokens',
    apply: 'build',
    generateBundle() {
      for (const theme of ['light', 'dark'] as const)
        this.emitFile({
          type: 'asset',
          fileName: `tokens/${theme}.tokens.json`,
          source: `${JSON.stringify(designTokens(theme), null, 2)}\n`,
        });
    },
  };
}

export default defineConfig({
  plugins: [vanillaExtractPlugin(), importOwnCss(), emitDesignTokens()],
  build: {
    // The package, and its test helpers (`@tawqi/ui/test`), which an app's own code never loads.
    lib: { entry: { index: 'src/index.ts', 'test/index': 'src/test/index.ts' }, formats: ['es'] },
    cssCodeSplit: true,
    sourcemap: true,
    rolldownOptions: {
      external: [
        /^react($|\/)/,
        /^react-dom($|\/)/,
        // One copy of React Aria for the app and us: its contexts (the portal container) are shared.
        /^react-aria($|\/)/,
        /^react-aria-components($|\/)/,
        /^@internationalized\//,
        /^@tanstack\//,
        /^@vanilla-extract\/recipes/,
      ],
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
        // `Button.css.ts` → `Button.css.js` and its CSS, `Button.css`.
        assetFileNames: ({ names }) =>
          (names[0] ?? '[name][extname]').replace(STYLE_MODULE_CSS, '.css'),
      },
    },
  },
});
