import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { alias } from './vite.config.ts';

// No router plugin here: tests use the committed src/routeTree.gen.ts without code splitting.
export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
  },
});
