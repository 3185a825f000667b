import { defineConfig } from '@playwright/test';

/**
 * End-to-end suites in Debian's Chromium (never `npx playwright install`). Each spec boots the
 * stack it needs (embedded or cluster) on its own ports, so no server must be running beforehand.
 */
export default defineConfig({
  testDir: 'e2e',
  // Generous: the phone-size storefront journey takes ~100 s on the shared 2-core machine.
  timeout: 300_000,
  workers: 1,
  // .ci/run sets PLAYWRIGHT_RETRIES=1: a failed spec runs once more there (a serial spec: all of it, on a fresh stack)
  // and the list marks it 'flaky'. Locally a failure stays a failure.
  retries: Number(process.env.PLAYWRIGHT_RETRIES ?? 0),
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    screenshot: 'only-on-failure',
    // Spanish first: suites that check English set their own locale.
    locale: 'es-MX',
  },
});
