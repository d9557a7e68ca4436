import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a browser downloaded by a test tool.
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results.json' }]],
  outputDir: 'test-results',
  use: {
    baseURL: process.env.ATELIER_URL,
    // Tests start as a returning visitor: the first-visit onboarding dialog (shell) would cover /app.
    // tests/shell.spec.ts clears this to test the first visit itself.
    storageState: process.env.ATELIER_URL
      ? { cookies: [], origins: [{ origin: process.env.ATELIER_URL, localStorage: [{ name: 'onboardingShown', value: 'true' }] }] }
      : undefined,
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1440, height: 900 } } }],
});
