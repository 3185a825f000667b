import { mkdtemp, readdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DEMO, GALLERY_VARIANT_WIDTHS, GalleryUploadSchema } from '@vitrina/contracts';
import { ImageWork } from '../src/gallery/image-work.js';
import { upload } from './helpers.js';
import { startWorld, type World } from './world.js';

const OWNER = DEMO.users.demoOwner.id;
const url = `/gallery/${OWNER}:${DEMO.shops.demo.id}/`;

const photo = (width: number, height: number, format: 'png' | 'jpeg' = 'jpeg') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    [format]()
    .toBuffer();

/** A valid 1-bit greyscale PNG of width x height: a few KB that decode to more pixels than the gallery takes. */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('gallery size variants (issue 10 §3 Images)', () => {
  let w: World;
  let auth: string;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vitrina-gallery-'));
    w = await startWorld({ seed: false, env: { GALLERY_LOCAL_DIR: dir } });
    auth = await w.token(OWNER, 2);
  });
  afterAll(async () => {
    await w?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const get = (name: string) => w.store.inject({ method: 'GET', url: `/gallery/files/${name}` });

  it('stores WebP variants 320/640/1280/2048 beside a large photo, described in the answer', async () => {
    const res = await upload(w.store, url, auth, [
      { name: 'image', filename: 'big.jpg', type: 'image/jpeg', data: await photo(3000, 2000) },
    ]);
    expect(res.status).toBe(201);
    expect(GalleryUploadSchema.parse(res.body)).toEqual(res.body);
    const id = res.body.id as string;
    expect(res.body.variants).toEqual(
      GALLERY_VARIANT_WIDTHS.map((width) => ({
        name_width: width,
        width,
        height: Math.round((width * 2000) / 3000),
        url: `/api/gallery/files/${id}-${width}.webp`,
        content_type: 'image/webp',
      })),
    );
    for (const width of GALLERY_VARIANT_WIDTHS) {
      const file = await get(`${id}-${width}.webp`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', width]);
    }
    // the original is still there, at its own size
    expect((await sharp((await get(`${id}.jpg`)).rawPayload).metadata()).width).toBe(3000);
    expect((await readdir(dir)).filter((f) => f.startsWith(id)).sort()).toEqual([
      `${id}-1280.webp`,
      `${id}-2048.webp`,
      `${id}-320.webp`,
      `${id}-640.webp`,
      `${id}.jpg`,
    ]);
  });

  it('never upscales: a small image gives its own size under every name, alpha kept', async () => {
    const png = await sharp({ create: { width: 500, height: 250, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const res = await upload(w.store, url, auth, [{ name: 'image', filename: 'small.png', type: 'image/png', data: png }]);
    expect(res.status).toBe(201);
    expect(res.body.variants.map((v: { name_width: number; width: number; height: number }) => [v.name_width, v.width, v.height])).toEqual([
      [320, 320, 160],
      [640, 500, 250],
      [1280, 500, 250],
      [2048, 500, 250],
    ]);
    const meta = await sharp((await get(`${res.body.id}-2048.webp`)).rawPayload).metadata();
    expect([meta.format, meta.width, meta.hasAlpha]).toEqual(['webp', 500, true]);
  });

  it('gives an SVG no variants', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#00ff00"/></svg>',
    );
    const res = await upload(w.store, url, auth, [{ name: 'image', filename: 'a.svg', type: 'image/svg+xml', data: svg }]);
    expect(res.status).toBe(201);
    expect(res.body.variants).toEqual([]);
    expect((await get(`${res.body.id}-320.webp`)).statusCode).toBe(404);
  });

  it('refuses an image of more than 50 MP (a few KB that would decode to gigabytes) with 400 invalid_image, and stays up', async () => {
    const bomb = hugePng(10_000, 6_000);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload(w.store, url, auth, [{ name: 'image', filename: 'bomb.png', type: 'image/png', data: bomb }]);
    expect([res.status, res.body.code]).toEqual([400, 'invalid_image']);
    const after = await upload(w.store, url, auth, [{ name: 'image', filename: 'ok.jpg', type: 'image/jpeg', data: await photo(50, 50) }]);
    expect(after.status).toBe(201);
  });

  it('serves an upload made before variants existed: each variant rendered from the original on first request, then stored', async () => {
    const res = await upload(w.store, url, auth, [
      { name: 'image', filename: 'old.png', type: 'image/png', data: await photo(1000, 800, 'png') },
    ]);
    const id = res.body.id as string;
    // As an upload of before this change left it: the original alone.
    for (const width of GALLERY_VARIANT_WIDTHS) await unlink(join(dir, `${id}-${width}.webp`));
    const [a, b] = await Promise.all([get(`${id}-640.webp`), get(`${id}-640.webp`)]);
    for (const file of [a, b]) {
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toContain('immutable');
      expect((await sharp(file.rawPayload).metadata()).width).toBe(640);
    }
    expect((await readdir(dir)).filter((f) => f.startsWith(`${id}-`)).sort()).toEqual([
      `${id}-1280.webp`,
      `${id}-2048.webp`,
      `${id}-320.webp`,
      `${id}-640.webp`,
    ]);
    expect((await sharp((await get(`${id}-2048.webp`)).rawPayload).metadata()).width).toBe(1000);
    expect((await get(`${id}.png`)).statusCode).toBe(200);
    // a variant name no upload stands behind, or a width not offered, is not found
    expect((await get('01900000-0000-7000-8000-000000000000-640.webp')).statusCode).toBe(404);
    expect((await get(`${id}-800.webp`)).statusCode).toBe(404);
  });

  it('answers 404, not 500, for a variant whose original cannot be rendered', async () => {
    const res = await upload(w.store, url, auth, [
      { name: 'image', filename: 'broken.jpg', type: 'image/jpeg', data: await photo(400, 300) },
    ]);
    const id = res.body.id as string;
    for (const width of GALLERY_VARIANT_WIDTHS) await unlink(join(dir, `${id}-${width}.webp`));
    await writeFile(join(dir, `${id}.jpg`), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    expect((await get(`${id}-320.webp`)).statusCode).toBe(404);
    expect((await get(`${id}.jpg`)).statusCode).toBe(200);
  });

  it('deletes the variants with the image', async () => {
    const res = await upload(w.store, url, auth, [
      { name: 'image', filename: 'gone.jpg', type: 'image/jpeg', data: await photo(700, 400) },
    ]);
    const id = res.body.id as string;
    const del = await w.store.inject({
      method: 'DELETE',
      url: `/gallery/${OWNER}:${DEMO.shops.demo.id}/${id}`,
      headers: { authorization: auth },
    });
    expect(del.statusCode).toBe(204);
    for (let i = 0; i < 200 && (await readdir(dir)).some((f) => f.startsWith(id)); i++) await new Promise((r) => setTimeout(r, 50));
    expect((await readdir(dir)).filter((f) => f.startsWith(id))).toEqual([]);
    // and a deleted image's variants are not rendered again
    expect((await get(`${id}-320.webp`)).statusCode).toBe(404);
  });
});

describe('ImageWork', () => {
  it('runs at most `limit` jobs at once and all of them in the end', async () => {
    const work = new ImageWork(2);
    let running = 0;
    let peak = 0;
    const gates: (() => void)[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      work.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => gates.push(resolve));
        running--;
        return i;
      }),
    );
    for (let i = 0; i < 6; i++) {
      while (gates.length === 0) await new Promise((r) => setImmediate(r));
      expect(running).toBeLessThanOrEqual(2);
      gates.shift()!();
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
  });

  it('frees its slot when a job fails', async () => {
    const work = new ImageWork(1);
    await expect(work.run(() => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await work.run(async () => 'next')).toBe('next');
  });
});
