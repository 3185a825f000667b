import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/**
 * Suites that run in a module graph of their own: those that read module state other suites change (which i18n
 * namespaces the app's instance and bundles hold), and those that render the whole app (renderApp: its router, lazily
 * loaded routes and session store are module state too).
 */
const ISOLATED = [
  'src/**/i18n/texts.test.ts',
  'src/test/*.test.ts',
  ...globSync('src/**/*.test.tsx', { cwd: HERE }).filter((file) => readFileSync(join(HERE, file), 'utf8').includes('renderApp(')),
];

// No router plugin here: tests use the committed src/routeTree.gen.ts without code splitting.
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
      // The rest share one module graph per worker: importing React, Mantine and the feature was most of each suite's
      // time (the whole run took 7 minutes isolated, 4 this way, on 2026-11-27). src/test/setup.ts resets what a test
      // may leave behind (DOM, cookies, storage, mocks, stubbed globals); two runs in shuffled order passed.
      { extends: true, test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: ISOLATED, isolate: false } },
    ],
  },
});
