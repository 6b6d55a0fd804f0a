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
    setupFiles: ['renderer/src/testing/setup.ts'],
    pool: 'forks',
  },
});
