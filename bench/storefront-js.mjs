#!/usr/bin/env node
/**
 * Storefront JS weight (issue 4: shop home under 250 KB gzip, admin code split out): opens a page of the
 * running stack in Chromium (playwright-core), waits until the network is idle, and sums the JavaScript it
 * loaded, raw and gzip (level 9, each file from web/dist, as a compressing CDN/proxy would send it).
 *
 *   node bench/storefront-js.mjs [--target http://localhost:3000] [--path /tienda/demo/] [--chromium /usr/bin/chromium]
 *
 * Build the web app first (`npm run build -w web`); the stack serves web/dist.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    target: { type: 'string', default: 'http://localhost:3000' },
    path: { type: 'string', default: '/tienda/demo/' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    'web-dist': { type: 'string', default: join(ROOT, 'web', 'dist') },
  },
});

const browser = await chromium.launch({ executablePath: args.chromium, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const scripts = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    const type = res.headers()['content-type'] ?? '';
    if (url.pathname.endsWith('.js') || type.includes('javascript')) scripts.add(url.pathname);
  });
  await page.goto(new URL(args.path, args.target).toString(), { waitUntil: 'networkidle' });
  const title = await page.title();
  const rows = [...scripts].sort().map((pathname) => {
    const bytes = readFileSync(join(args['web-dist'], pathname));
    return { file: pathname, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  const sum = (k) => rows.reduce((n, r) => n + r[k], 0);
  const admin = rows.filter((r) => /admin/i.test(r.file));
  for (const r of rows.sort((a, b) => b.gzip - a.gzip)) console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB gz ${(r.raw / 1024).toFixed(1).padStart(8)} KB  ${r.file}`);
  console.log(`page       ${args.path} ("${title}")`);
  console.log(`scripts    ${rows.length} files, ${(sum('raw') / 1024).toFixed(1)} KB raw, ${(sum('gzip') / 1024).toFixed(1)} KB gzip`);
  console.log(`admin      ${admin.length === 0 ? 'no file named *admin* loaded' : admin.map((r) => r.file).join(', ')}`);
} finally {
  await browser.close();
}
