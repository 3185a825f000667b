import { fileURLToPath, URL } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';

/** The gateway (embedded mode) answers /api and, in production, serves web/dist itself. */
const GATEWAY_URL = process.env.VITRINA_GATEWAY_URL ?? 'http://localhost:3000';

export const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  // Compiled from source so that a clean checkout builds the web app without building libs/ first.
  '@vitrina/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
};

/**
 * Fewer, larger chunks on the shop home (issue 10 §3: 72 files there, each paying a round trip and its headers
 * on a phone network). Left alone, rolldown cuts a chunk at every boundary between lazy routes, so Mantine's
 * components, router hooks and our small shared modules came as dozens of 1-2 KB files, requested in waves.
 *
 * - `vendor`: the libraries every page runs (React, the router, Query, i18next), whole.
 * - `shop-home`: our modules that the shop home runs (statically reachable from the entry or the shop home's
 *   routes, their lazy route splits included). The walk goes up static importers only, so a dynamic `import()`
 *   (other routes, the owner's editors, the auth modal, other `lazy()` imports) stays a split point.
 * - Mantine and libs/contracts keep rolldown's splitting, and common chunks under 8 KB are inlined into their
 *   users (`experimentalInlineCommonChunks`: a little duplicated code instead of a request each).
 * The result is preloaded from index.html, so the home's code comes in one wave, not a waterfall.
 * Measured with bench/shop-home-weight.mjs (bench/README.md): 84 JS+CSS files -> 22.
 */
const SHOP_HOME_ROOTS = /[\\/]web[\\/]src[\\/](?:main\.tsx|routes[\\/](?:__root|tienda[\\/]\$shopSlug[\\/](?:route|index))\.tsx)(?:\?|$)/;

function onShopHome(id: string, ctx: ChunkingContext, seen = new Map<string, boolean>()): boolean {
  const known = seen.get(id);
  if (known !== undefined) return known;
  seen.set(id, false); // a cycle reaches no root through itself
  const info = ctx.getModuleInfo(id);
  const result = SHOP_HOME_ROOTS.test(id) || (info?.importers ?? []).some((importer) => onShopHome(importer, ctx, seen));
  seen.set(id, result);
  return result;
}

/** Libraries that every page runs, whole. */
const VENDOR =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/](?:react-router|router-core|history|react-store|store|query-core|react-query)|i18next|react-i18next|html-parse-stringify|void-elements|cookie-es|seroval[^/\\]*|tiny-invariant|tiny-warning)[\\/]/;

const CHUNK_GROUPS: CodeSplittingGroup[] = [
  {
    name: (id, ctx) => {
      if (VENDOR.test(id)) return 'vendor';
      // Through a barrel (`@mantine/core`, `@vitrina/contracts`' index.ts) every module it re-exports looks
      // reached, zod schemas included: libraries and contracts keep rolldown's splitting (tree-shaken).
      if (/[\\/](?:node_modules|libs)[\\/]/.test(id)) return null;
      return onShopHome(id, ctx) ? 'shop-home' : null;
    },
    // Only what the shop home reaches: not the modules those import dynamically.
    includeDependenciesRecursively: false,
  },
];

/**
 * Common chunks under 8 KB are copied into their users; rolldown's runtime registry keeps one module state
 * across the copies. Chunks holding styles stay files (rolldown's advice for Vite: the CSS plugin would emit a
 * style module's CSS once per copy).
 */
const INLINE_COMMON = { maxSize: 8 * 1024, exclude: /\.(?:css|scss|sass|less|styl|stylus|pcss|postcss|sss)(?:\?|$)/ };

/**
 * The shop home's lazy route components (TanStack's `?tsr-split` modules) are tiny facades over the shop-home chunk,
 * but each is a dynamic import: fetched only once the router has run, one more round trip (150 ms on 'Slow 4G')
 * before the home can render. Announced in index.html they come with the first wave instead (~1 KB for all).
 */
function preloadShopHomeRoutes(): Plugin {
  return {
    name: 'vitrina:preload-shop-home-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.values(ctx.bundle ?? {}).flatMap((chunk) =>
          chunk.type === 'chunk' &&
          chunk.facadeModuleId &&
          chunk.facadeModuleId.includes('tsr-split') &&
          SHOP_HOME_ROOTS.test(chunk.facadeModuleId)
            ? [chunk.fileName]
            : [],
        );
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // Must come before react(): generates src/routeTree.gen.ts and splits each route into its own chunk.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    preloadShopHomeRoutes(),
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
      // Required by experimentalInlineCommonChunks; a web app's entry has no exports to keep.
      preserveEntrySignatures: false,
      output: { codeSplitting: { groups: CHUNK_GROUPS, experimentalInlineCommonChunks: INLINE_COMMON } },
    },
  },
});
