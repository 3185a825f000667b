#!/usr/bin/env node
/**
 * The shop home's weight and speed on a phone (issue 10 §3, "Done when": ≤ 200 KB of JS+CSS transferred and
 * Largest Contentful Paint ≤ 2.5 s on 'Slow 4G'-like throttling, phone profile, Chromium).
 *
 *   node bench/shop-home-weight.mjs                                  # boots the embedded stack on free ports
 *   node bench/shop-home-weight.mjs --url http://localhost:3000      # a stack that is already running
 *
 * Each run is a fresh browser context (empty cache, no cookies) with a phone profile (390x844 CSS px, DPR 3,
 * touch, a mobile user agent) and, through the Chrome DevTools Protocol, network throttling with the figures of
 * Lighthouse's mobile 'Slow 4G' (150 ms RTT, 1.6 Mbps down, 750 kbps up; applied per request by Chromium, as
 * DevTools does) and a 4x CPU slowdown. It counts what crossed the wire for every JavaScript and CSS file
 * (CDP `Network.loadingFinished` encodedDataLength: compressed body plus headers, so br/gzip counts as served)
 * and reads the LCP from a PerformanceObserver('largest-contentful-paint') registered before the page's own
 * code, and when the app's own page replaced the server-rendered first paint of the shop home (the
 * `vitrina:app-rendered` mark, 'app ms'). The figures are the median of --runs runs (default 3); the script prints one JSON object and a
 * Markdown row for the table in bench/README.md.
 *
 * Needs web/dist (npm run build -w web, which also writes the .br/.gz files the gateway serves) and, when it
 * boots the stack, launcher/dist (npm run build:server). Benchmarks report numbers; they never run in `npm test`.
 *
 * Options: --url <base> (no stack started), --path (default /tienda/demo/), --runs (default 3), --locale
 * (default es-MX), --chromium (default $CHROMIUM_PATH or /usr/bin/chromium), --no-throttle (network and CPU
 * unthrottled, to see what the throttling costs), --label <text> (goes into the Markdown row),
 * --budget-kb <n> and --budget-lcp-ms <n> (exit 1 above either; defaults: none).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    path: { type: 'string', default: '/tienda/demo/' },
    runs: { type: 'string', default: '3' },
    locale: { type: 'string', default: 'es-MX' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    'no-throttle': { type: 'boolean', default: false },
    label: { type: 'string', default: '' },
    'budget-kb': { type: 'string' },
    'budget-lcp-ms': { type: 'string' },
  },
});

/** Lighthouse's mobile throttling (constants.throttling.mobileSlow4G): RTT, throughput in Kbps, CPU slowdown. */
const SLOW_4G = { rttMs: 150, downKbps: 1.6 * 1024, upKbps: 750, cpuSlowdown: 4 };
/** A phone of 2024 (Lighthouse's emulated Moto G Power is 412x823 DPR 1.75; the issue asks for 390x844 DPR 3). */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A gateway port and a service offset whose eight service ports (3101.. + offset) are all free. */
async function freePorts() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 5000 + Math.floor(Math.random() * 14000);
    const gateway = 3000 + offset;
    const ports = [gateway, ...Array.from({ length: 9 }, (_, i) => 3100 + offset + i)];
    const free = await Promise.all(ports.map(portFree));
    if (free.every(Boolean)) return { gateway, offset };
  }
  throw new Error('no free port range found');
}

/** `npm start` without the build step: the embedded launcher on its own ports and a fresh data folder. */
async function bootEmbedded() {
  for (const [file, build] of [
    ['launcher/dist/embedded.js', 'npm run build:server'],
    ['web/dist/index.html', 'npm run build -w web'],
  ]) {
    if (!existsSync(join(ROOT, file))) throw new Error(`${file} is missing: run \`${build}\` first`);
  }
  const { gateway, offset } = await freePorts();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrina-bench-'));
  const child = spawn(process.execPath, [join(ROOT, 'launcher/dist/embedded.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(gateway),
      HOST: '127.0.0.1',
      SERVICE_PORT_OFFSET: String(offset),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EVENT_BUS: '',
      JOB_QUEUE: '',
      LOG_LEVEL: 'warn',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${gateway}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), resolve()), 20_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) break;
    try {
      // Ready when the demo shop's page answers (the seed has run), not only the health check.
      if ((await fetch(`${url}/api/health`)).ok && (await fetch(new URL(args.path, url))).ok) return { url, stop };
    } catch {
      /* not yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`the embedded stack did not come up at ${url}:\n${log}`);
}

/** One cold load of the page: bytes per file type from CDP, LCP and FCP from the page's own observers. */
async function measure(browser, base) {
  const context = await browser.newContext({ ...PHONE, locale: args.locale });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = null;
      new PerformanceObserver((list) => {
        const entries = list.getEntries();
        const last = entries[entries.length - 1];
        const el = last.element;
        window.__lcp = {
          ms: last.startTime,
          size: last.size,
          url: last.url || null,
          element: el
            ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(/\s+/)[0] : ''}`
            : null,
        };
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (!args['no-throttle']) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: SLOW_4G.rttMs,
        downloadThroughput: (SLOW_4G.downKbps * 1024) / 8,
        uploadThroughput: (SLOW_4G.upKbps * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_4G.cpuSlowdown });
    }
    const requests = new Map();
    // Own idle tracking: Playwright's 'networkidle' (500 ms without requests) fires while a 4x slower CPU is
    // still parsing the entry and has not asked for the route's chunks yet.
    const inflight = new Set();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId }) => (inflight.add(requestId), (lastActivity = Date.now())));
    cdp.on('Network.loadingFailed', ({ requestId }) => (inflight.delete(requestId), (lastActivity = Date.now())));
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      requests.set(requestId, { type, url: response.url, status: response.status, encoding: headers['content-encoding'] ?? 'identity' });
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.bytes = encodedDataLength;
      inflight.delete(requestId);
      lastActivity = Date.now();
    });
    const response = await page.goto(new URL(args.path, base).toString(), { waitUntil: 'load', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${args.path} answered ${response?.status() ?? 'nothing'}`);
    // Done when something has painted and the network has been quiet for QUIET_MS (LCP candidates keep coming
    // while images arrive; none is reported after the first input, and there is none here).
    const QUIET_MS = 3000;
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      await page.waitForTimeout(250);
      const painted = await page.evaluate(() => window.__lcp !== null);
      if (painted && inflight.size === 0 && Date.now() - lastActivity >= QUIET_MS) break;
    }
    const paint = await page.evaluate(() => ({
      lcp: window.__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      // When the app's own page replaced the server's first paint (web/src/lib/first-paint.ts); null without one.
      app: performance.getEntriesByName('vitrina:app-rendered')[0]?.startTime ?? null,
      title: document.title,
    }));
    const files = [...requests.values()].filter((r) => r.bytes !== undefined);
    const of = (type) => files.filter((r) => r.type === type);
    const sum = (list) => list.reduce((n, r) => n + r.bytes, 0);
    const js = of('Script');
    const css = of('Stylesheet');
    const origin = new URL(base).origin;
    return {
      title: paint.title,
      jsBytes: sum(js),
      jsFiles: js.length,
      cssBytes: sum(css),
      cssFiles: css.length,
      totalBytes: sum(files),
      requests: files.length,
      lcpMs: paint.lcp?.ms ?? null,
      lcpElement: paint.lcp?.element ?? null,
      lcpUrl: paint.lcp?.url ?? null,
      fcpMs: paint.fcp,
      appMs: paint.app,
      // Our own static files that came uncompressed (a missing .br/.gz or a broken Accept-Encoding path).
      uncompressed: [...js, ...css]
        .filter((r) => r.url.startsWith(origin) && r.encoding === 'identity')
        .map((r) => new URL(r.url).pathname),
      files: [...js, ...css]
        .map((r) => ({
          file: r.url.startsWith(origin) ? new URL(r.url).pathname : r.url,
          type: r.type,
          encoding: r.encoding,
          bytes: r.bytes,
        }))
        .sort((a, b) => b.bytes - a.bytes),
    };
  } finally {
    await context.close();
  }
}

const load = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
const stack = args.url ? { url: args.url, stop: async () => undefined } : await bootEmbedded();
// A Chromium that cannot start must not leave the stack this script booted running.
const browser = await chromium
  .launch({
    executablePath: args.chromium,
    args: CHROMIUM_ARGS,
  })
  .catch(async (error) => {
    await stack.stop();
    throw error;
  });
const runs = [];
try {
  // One unmeasured load first: the server's first answers (JIT, PGlite pages, the shop head cache) are not
  // what a shopper's phone waits for.
  await measure(browser, stack.url);
  for (let i = 0; i < Number(args.runs); i++) runs.push(await measure(browser, stack.url));
} finally {
  await browser.close();
  await stack.stop();
}

const pick = (key) => median(runs.map((r) => r[key]).filter((v) => v !== null));
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
} catch {
  /* not a checkout */
}
const summary = {
  path: args.path,
  title: runs[0].title,
  commit,
  label: args.label,
  loadavg: load,
  throttling: args['no-throttle']
    ? 'none'
    : `Slow 4G (${SLOW_4G.rttMs} ms RTT, ${SLOW_4G.downKbps / 1024} Mbps down, ${SLOW_4G.upKbps} kbps up), CPU x${SLOW_4G.cpuSlowdown}`,
  profile: `${PHONE.viewport.width}x${PHONE.viewport.height} DPR ${PHONE.deviceScaleFactor}`,
  runs: runs.length,
  jsKB: kb(pick('jsBytes')),
  jsFiles: pick('jsFiles'),
  cssKB: kb(pick('cssBytes')),
  cssFiles: pick('cssFiles'),
  jsCssKB: kb(median(runs.map((r) => r.jsBytes + r.cssBytes))),
  totalKB: kb(pick('totalBytes')),
  requests: pick('requests'),
  lcpMs: Math.round(pick('lcpMs')),
  fcpMs: Math.round(pick('fcpMs')),
  // The app's own page over the server-rendered first paint (null when the page had none).
  appMs: runs.some((r) => r.appMs !== null) ? Math.round(pick('appMs')) : null,
  lcpElement: runs[runs.length - 1].lcpElement,
  lcpUrl: runs[runs.length - 1].lcpUrl,
  uncompressed: runs[0].uncompressed,
  perRun: runs.map((r) => ({
    jsCssKB: kb(r.jsBytes + r.cssBytes),
    lcpMs: Math.round(r.lcpMs ?? -1),
    fcpMs: Math.round(r.fcpMs ?? -1),
    appMs: r.appMs === null ? null : Math.round(r.appMs),
  })),
  files: runs[0].files,
};
console.log(JSON.stringify(summary, null, 2));
const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log(
  '\n| date (UTC) | commit | label | load avg | JS KB (files) | CSS KB (files) | JS+CSS KB | LCP ms | FCP ms | app ms | LCP element |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
console.log(
  `| ${date} | ${commit} | ${args.label} | ${load} | ${summary.jsKB} (${summary.jsFiles}) | ${summary.cssKB} (${summary.cssFiles}) | ` +
    `${summary.jsCssKB} | ${summary.lcpMs} | ${summary.fcpMs} | ${summary.appMs ?? '—'} | ${summary.lcpElement ?? ''} |`,
);

let over = false;
if (args['budget-kb'] !== undefined && summary.jsCssKB > Number(args['budget-kb'])) {
  console.error(`over budget: ${summary.jsCssKB} KB JS+CSS > ${args['budget-kb']} KB`);
  over = true;
}
if (args['budget-lcp-ms'] !== undefined && summary.lcpMs > Number(args['budget-lcp-ms'])) {
  console.error(`over budget: LCP ${summary.lcpMs} ms > ${args['budget-lcp-ms']} ms`);
  over = true;
}
process.exit(over ? 1 : 0);
