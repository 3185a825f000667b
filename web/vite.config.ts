import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The gateway (embedded mode) answers /api and, in production, serves web/dist itself. */
const GATEWAY_URL = process.env.VITRINA_GATEWAY_URL ?? 'http://localhost:3000';

export const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  // Compiled from source so that a clean checkout builds the web app without building libs/ first.
  '@vitrina/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
};

export default defineConfig({
  plugins: [
    // Must come before react(): generates src/routeTree.gen.ts and splits each route into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
  ],
  resolve: { alias },
  server: {
    proxy: { '/api': { target: GATEWAY_URL, changeOrigin: true } },
  },
  // `vite preview` reuses server.proxy. The gateway serves dist/ with an SPA fallback to index.html.
  build: {
    outDir: 'dist',
    rolldownOptions: {
      // libs/contracts is plain declarations; let the bundle keep only what the app imports from it.
      treeshake: { moduleSideEffects: [{ test: /[\\/]libs[\\/]contracts[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
