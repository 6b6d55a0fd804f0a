// Layer boundaries are enforced here, not by good intentions (see README, "Architecture").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'worker_threads', 'crypto', 'http', 'net', 'url'];

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'release/', 'test-results/', 'playwright-report/', 'studies/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['main/**/*.{ts,mjs,js}', 'e2e/**/*.ts', '*.config.{ts,js}', '.ci/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', '**/renderer/**'], message: 'shared/ is imported by both sides and imports neither.' },
            { group: ['electron', 'better-sqlite3', 'react-dom', 'react-dom/*', 'react', ...nodeBuiltins], message: 'shared/ is pure TypeScript: no Node, Electron, SQLite or DOM.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'require', 'Buffer'],
    },
  },
  {
    // Tests of shared/ code may read fixtures from disk; the code under test still may not.
    files: ['shared/**/*.test.ts', 'shared/**/*TestKit.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**'], message: 'renderer/ talks to main only through the contract client.' },
            { group: ['electron', 'better-sqlite3', ...nodeBuiltins], message: 'renderer/ runs in a sandboxed page.' },
          ],
        },
      ],
    },
  },
  {
    // The only files allowed to import electron: the thin desktop shell.
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only main/electron/ (the desktop shell) may import electron.' }] },
      ],
    },
  },
  {
    // The composition root sits on top: features take their types from app/appServices.ts, never from the
    // module that imports their setup functions. Only hosts, entries, tests and tools may call createApp.
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**', 'main/hosts/**', 'main/entries/**', 'main/testing/**', 'main/bench/**', 'main/cli/**', 'main/app/services.ts', 'main/labelling/teamRunsDemo.ts', '**/*.test.ts', '**/*.testing.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'Only main/electron/ (the desktop shell) may import electron.' }],
          patterns: [{ group: ['**/app/services.js', './services.js', '../services.js'], message: 'Import AppServices from app/appServices.js: features sit below the composition root.' }],
        },
      ],
    },
  },
);
