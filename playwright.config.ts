import { defineConfig } from '@playwright/test';

// Debian's Chromium by default; TEAMSEAT_CHROMIUM points elsewhere. Never `npx playwright install`.
// TEAMSEAT_E2E=electron runs the same specs against the desktop app through Playwright's _electron.
const executablePath = process.env.TEAMSEAT_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
