// One lint configuration for every workspace (ESLint looks it up from each file's folder).
// Type-aware rules come from typescript-eslint's project service, which reads each file's nearest
// tsconfig.json, so tests and sources are checked with the options they compile with.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/storybook-static/**',
      '**/.data/**',
      '**/.turbo/**',
      '**/bench-results/**',
    ],
  },
  js.configs.recommended,
  {
    // The rules of hooks, from the React team (dependency lists, hooks only at the top level).
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: {
        // The repository scripts' type declarations belong to no workspace's tsconfig.
        projectService: { allowDefaultProject: ['scripts/*.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // One-line handlers such as `onPress={() => setOpen(false)}` read best as they are.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // It asks for `x!`, which the strict set's no-non-null-assertion forbids: keep `as T`.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
    },
  },
  {
    // Tests read answers as parsed JSON and check them with assertions.
    files: ['**/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);
