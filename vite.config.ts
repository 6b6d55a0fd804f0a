/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One config for the renderer build and for vitest. Unit tests for main/ and shared/ run in node;
// component tests (*.test.tsx) run in jsdom.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    sourcemap: true,
  },
  test: {
    root: '.',
    include: ['main/**/*.test.ts', 'shared/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}'],
    environment: 'node',
    server: { deps: { inline: ['electron-store'] } },
    testTimeout: 20000,
    // Python's load and default run limits above any test's timeout: on two busy cores a load can take over a minute
    // of wall time, and a test should wait for the interpreter, not fail on the product's 60 s / 30 s limits
    // (main/pyodide/testRunner.ts); a pack's declared path played under load was failed so.
    env: { TEAMSEAT_PYTHON_LOAD_MS: '900000', TEAMSEAT_PYTHON_RUN_MS: '300000' },
    setupFiles: ['renderer/src/testing/setup.ts'],
    pool: 'forks',
  },
});
