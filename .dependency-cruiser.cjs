/**
 * Architecture rules (docs/architecture.md §1, §3), checked by `npm run lint`:
 *   npx depcruise --config .dependency-cruiser.cjs --ignore-known .dependency-cruiser-known-violations.json libs services launcher web/src
 *
 * - Web (issue 10 §4): a feature (web/src/features/<name>/) never imports another feature; shared code lives in
 *   web/src/components, lib, api, and those never import a feature. Routes and web/src/app wire features together.
 *   The violations that existed when the rule came were listed in .dependency-cruiser-known-violations.json; they
 *   are fixed and the list is empty (`[]`), so every one fails. Keep it empty: move the shared code instead
 *   (`npx depcruise-baseline --config .dependency-cruiser.cjs web/src` would write the current violations back).
 *   `@/…` imports resolve through .dependency-cruiser.resolve.cjs (the same alias as web/vite.config.ts).
 *
 * - A service never imports another service (code or `@vitrina/<service>` package): services talk through
 *   events and the typed clients of libs/contracts.
 * - Domain code (any `domain/` folder) stays free of framework and infrastructure: no NestJS, Drizzle,
 *   pg, PGlite, Redis, BullMQ, Kafka, Fastify, nor the service's own db/, http/, events/ adapters.
 * - libs/ never imports services/ or launcher/.
 * - Only launcher/ may import every service.
 *
 * TypeScript 7 ships no compiler API, so dependency-cruiser's `tsc` parser is unavailable (`npx depcruise
 * --info` lists typescript as missing) and `tsConfig` would be read as empty: TS sources are parsed with swc
 * (`parser: 'swc'`; @swc/core is a root devDependency), which reads the .ts source itself, so type-only
 * imports count too. NodeNext imports written `./x.js` resolve to `./x.ts` (dependency-cruiser retries a
 * missing .js as .ts). Workspace packages resolve through node_modules to their dist/ when built (a leaf,
 * matched as services/<name>/...) or stay unresolved as `@vitrina/<name>` (matched by name): both are caught.
 *
 * Check it sees the edges:  npx depcruise --config .dependency-cruiser.cjs --output-type text libs services launcher
 */
const SERVICES = ['gateway', 'catalogue', 'store', 'cart-checkout', 'orders', 'accounts', 'messaging', 'marketing'];
const SERVICE_ALT = SERVICES.join('|');

/** Framework and infrastructure packages domain code must not touch (resolved under node_modules, or not). */
const INFRA_PACKAGES = [
  '@nestjs/[^/]+',
  'drizzle-orm',
  'pg',
  '@types/pg',
  'pg-[^/]+',
  '@electric-sql/[^/]+',
  'ioredis',
  'bullmq',
  '@platformatic/[^/]+',
  '@opentelemetry/[^/]+',
  'fastify',
  '@fastify/[^/]+',
];
const PKGS = `(?:${INFRA_PACKAGES.join('|')})`;
// Resolved: `node_modules/ioredis/built/index.js` (or a nested node_modules); unresolved: the bare name `ioredis`.
const INFRA_PACKAGES_RE = [`(?:^|/)node_modules/${PKGS}(?:/|$)`, `^${PKGS}(?:/|$)`];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cross-service-import',
      severity: 'error',
      comment:
        'A service imports another service. Services own their code and data and learn about each other through events ' +
        '(libs/contracts topics) or, for a read that cannot wait, a typed client in libs/contracts.',
      from: { path: '^services/([^/]+)/' },
      to: {
        // `$1` is the importing service (from.path's group): anything in another service's folder, or its package.
        path: [`^services/[^/]+/`, `^(?:node_modules/)?@vitrina/(?:${SERVICE_ALT})(?:/|$)`],
        pathNot: [`^services/$1/`, `^(?:node_modules/)?@vitrina/$1(?:/|$)`],
      },
    },
    {
      name: 'no-service-imports-launcher',
      severity: 'error',
      comment: 'The launcher composes the services; a service never depends on it.',
      from: { path: '^services/' },
      to: { path: ['^launcher/', '^(?:node_modules/)?@vitrina/launcher(?:/|$)'] },
    },
    {
      name: 'domain-free-of-frameworks',
      severity: 'error',
      comment:
        'Domain code (rules, state machines, calculations) is plain TypeScript: no NestJS, ORM, database, queue, ' +
        'broker or HTTP framework. Put adapters in db/, http/, events/ and pass plain data to the domain.',
      from: { path: '(?:^|/)domain/' },
      to: { path: INFRA_PACKAGES_RE },
    },
    {
      name: 'domain-free-of-adapters',
      severity: 'error',
      comment: "Domain code does not import its service's adapters (db/, http/, events/): the dependency points the other way.",
      from: { path: '(?:^|/)domain/' },
      to: { path: '^services/.+/(?:db|http|events)/' },
    },
    {
      name: 'libs-independent-of-services',
      severity: 'error',
      comment: 'libs/ is the shared kernel and contracts: it must not depend on a service or on the launcher.',
      from: { path: '^libs/' },
      to: {
        path: ['^services/', '^launcher/', `^(?:node_modules/)?@vitrina/(?:${SERVICE_ALT}|launcher)(?:/|$)`],
      },
    },
    {
      name: 'web-no-cross-feature-import',
      severity: 'error',
      comment:
        'A web feature imports another feature (issue 10 §4). Features are independent slices wired together by ' +
        'routes and the app shell; what two features share moves to web/src/components, web/src/lib or web/src/api.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-independent-of-features',
      severity: 'error',
      comment:
        'Shared web code (components, lib, api, theme) is used by features, never the other way round: it may not ' +
        "import a feature. (i18n/bundles gathers every feature's texts by design.)",
      from: { path: '^web/src/(?:components|lib|api|theme)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'no-circular',
      severity: 'warn',
      comment: 'Import cycles make NestJS providers undefined at injection time; break the cycle.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // TS 7: no compiler API, so swc parses .ts (see above). tsPreCompilationDeps only matters for the tsc
    // parser; with swc, type-only imports are always seen.
    parser: 'swc',
    tsPreCompilationDeps: true,
    // node_modules and build output are leaves: never scanned, but edges into them are kept, so the rules
    // see `node_modules/@nestjs/...` and a workspace package resolved to its dist/. (`exclude` would drop
    // those edges and with them the violations.)
    doNotFollow: { path: ['(?:^|/)node_modules/', '(?:^|/)dist/'] },
    exclude: { path: ['(?:^|/)coverage/', '(?:^|/)test/fixtures/'] },
    moduleSystems: ['es6', 'cjs'],
    // The web app's `@/…` alias (see the file).
    webpackConfig: { fileName: '.dependency-cruiser.resolve.cjs' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
