/**
 * Debian's Chromium as the benchmarks launch it (the same flags as playwright.config.ts): no sandbox or GPU in a
 * container, and none of the background traffic that would land in a measured page load.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
