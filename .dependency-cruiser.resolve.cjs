/**
 * Resolution that .dependency-cruiser.cjs hands to its resolver as a webpack-style config: the web app's `@/…`
 * imports (web/vite.config.ts `alias`). tsconfig `paths` would need the TypeScript compiler API, which TS 7
 * does not ship, and `enhancedResolveOptions` takes no alias.
 */
const path = require('node:path');

module.exports = { resolve: { alias: { '@': path.join(__dirname, 'web/src') } } };
