#!/usr/bin/env node
/**
 * JS weight of one page (issue 4: the shop home under 250 KB gzip, admin code split out). Opens the page of a
 * running stack in Chromium (playwright-core), waits until the network is idle, collects every JavaScript
 * response, and sums the gzip size (zlib default level) of those files as built in web/dist.
 *
 *   npm run build -w web          # the stack serves web/dist
 *   node bench/bundle-size.mjs --target http://localhost:3470 --path /tienda/demo/ [--json] [--budget 250]
 *
 * Options: --target (default http://localhost:3000), --path (default /tienda/demo/), --locale (the browser's
 * language, e.g. es-MX or en-US; default: Chromium's own, en-US; the app loads the texts of the language it
 * detects), --chromium (default $CHROMIUM_PATH or /usr/bin/chromium), --web-dist (default web/dist),
 * --budget <KB gzip> (exit 1 above it), --json (one JSON object on stdout instead of the table).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './chromium-args.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    target: { type: 'string', default: 'http://localhost:3000' },
    path: { type: 'string', default: '/tienda/demo/' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    'web-dist': { type: 'string', default: join(ROOT, 'web', 'dist') },
    locale: { type: 'string' },
    budget: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

const browser = await chromium.launch({
  executablePath: args.chromium,
  args: CHROMIUM_ARGS,
});
let total;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, ...(args.locale ? { locale: args.locale } : {}) });
  const scripts = new Set();
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = response.headers()['content-type'] ?? '';
    if (url.origin === new URL(args.target).origin && (url.pathname.endsWith('.js') || type.includes('javascript'))) {
      scripts.add(url.pathname);
    }
  });
  const response = await page.goto(new URL(args.path, args.target).toString(), { waitUntil: 'networkidle' });
  if (!response?.ok()) throw new Error(`${args.path} answered ${response?.status() ?? 'nothing'}`);
  const title = await page.title();
  const lang = await page.evaluate(() => document.documentElement.lang);
  const rows = [...scripts].map((pathname) => {
    const bytes = readFileSync(join(args['web-dist'], pathname));
    return { file: pathname, raw: bytes.length, gzip: gzipSync(bytes).length };
  });
  rows.sort((a, b) => b.gzip - a.gzip);
  const sum = (key) => rows.reduce((n, row) => n + row[key], 0);
  total = sum('gzip') / 1024;
  // The shop owner's editors (owner-tools, shop-admin); get-admin-profile is the accounts profile API.
  const admin = rows.filter((row) => /owner-tools|admin/i.test(row.file) && !/get-admin-profile/.test(row.file)).map((row) => row.file);
  if (args.json) {
    console.log(
      JSON.stringify({ path: args.path, title, lang, files: rows.length, rawKB: sum('raw') / 1024, gzipKB: total, admin, rows }, null, 2),
    );
  } else {
    for (const row of rows)
      console.log(`${(row.gzip / 1024).toFixed(1).padStart(7)} KB gz ${(row.raw / 1024).toFixed(1).padStart(8)} KB  ${row.file}`);
    console.log(`page       ${args.path} ("${title}", lang ${lang})`);
    console.log(`scripts    ${rows.length} files, ${(sum('raw') / 1024).toFixed(1)} KB raw, ${total.toFixed(1)} KB gzip`);
    console.log(`admin      ${admin.length === 0 ? 'no file named *admin* loaded' : admin.join(', ')}`);
  }
} finally {
  await browser.close();
}
if (args.budget !== undefined && total > Number(args.budget)) {
  console.error(`over budget: ${total.toFixed(1)} KB gzip > ${args.budget} KB`);
  process.exit(1);
}
