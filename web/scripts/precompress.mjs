#!/usr/bin/env node
/**
 * Writes `x.br` and `x.gz` beside every compressible file of the built web app (web/dist), run after
 * `vite build`. The gateway sends them as they are to clients that accept br or gzip (@fastify/static
 * `preCompressed`, services/gateway/src/web/web-app.ts), so no request pays for compressing a static file, and
 * brotli runs at its best (slowest) quality once, here.
 *
 * Usage: node scripts/precompress.mjs [dist folder, default ./dist]
 * Skipped: files under 1 KiB (the headers would cost more than the saving), already compressed formats
 * (images, fonts), index.html (the gateway renders each page's head into it and compresses that answer), and
 * any output that would not be smaller than the file itself.
 */
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|map|webmanifest|wasm)$/i;
const MIN_BYTES = 1024;

const dist = resolve(process.argv[2] ?? 'dist');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

async function compressOne(path) {
  const source = await readFile(path);
  const outputs = [
    [
      '.br',
      await brotli(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      }),
    ],
    ['.gz', await gz(source, { level: constants.Z_BEST_COMPRESSION })],
  ];
  const written = {};
  for (const [extension, output] of outputs) {
    if (output.length < source.length) {
      await writeFile(path + extension, output);
      written[extension] = output.length;
    } else {
      // A stale sibling from an earlier build would be served instead of the new file.
      await unlink(path + extension).catch(() => undefined);
    }
  }
  return { size: source.length, ...written };
}

const started = Date.now();
const queue = [];
for await (const path of files(dist)) {
  if (/\.(?:br|gz)$/.test(path) || !COMPRESSIBLE.test(path) || relative(dist, path) === 'index.html') continue;
  if ((await stat(path)).size < MIN_BYTES) continue;
  queue.push(path);
}
let raw = 0;
let br = 0;
let gzipped = 0;
const count = queue.length;
// A few at a time: brotli at quality 11 is CPU-bound.
const workers = Array.from({ length: 4 }, async () => {
  while (queue.length > 0) {
    const path = queue.shift();
    const result = await compressOne(path);
    raw += result.size;
    br += result['.br'] ?? result.size;
    gzipped += result['.gz'] ?? result.size;
  }
});
await Promise.all(workers);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `precompress: ${count} files in ${relative(process.cwd(), dist) || '.'}: ${kb(raw)} -> br ${kb(br)}, gzip ${kb(gzipped)} (${Date.now() - started} ms)`,
);
