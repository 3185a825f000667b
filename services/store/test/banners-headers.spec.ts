import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DEMO } from '@vitrina/contracts';
import { GalleryStorage } from '../src/gallery/storage/gallery-storage.js';
import { eventually, json, upload } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users, shops } = DEMO;
const OWNER = users.demoOwner.id;
const base = `/store/${OWNER}:${OWNER}/affiliate/store`;
const FRANCHISE_OWNER = users.supplierA.id;
const franchiseBase = `/store/${FRANCHISE_OWNER}:${FRANCHISE_OWNER}/franchise/store`;

describe('headers and banners of the owner’s shop', () => {
  let w: World;
  let auth: string;
  const png = () =>
    sharp({ create: { width: 32, height: 16, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
  const image = async (owner: string = OWNER, token?: string) => {
    const res = await upload(w.store, `/gallery/${owner}:${shops.demo.id}/`, token ?? auth, [
      { name: 'image', filename: 'b.png', type: 'image/png', data: await png() },
    ]);
    expect(res.status).toBe(201);
    return res.body as { id: string; url: string };
  };

  beforeAll(async () => {
    // quick retries for the gallery clean-up job
    w = await startWorld({ seed: true, env: { GALLERY_CLEANUP_BACKOFF_MS: '20', GALLERY_CLEANUP_ATTEMPTS: '10' } });
    auth = await w.token(OWNER, 2);
  });
  afterAll(async () => {
    await w?.close();
  });

  describe('headers', () => {
    const post = (payload: object) => json(w.store, 'POST', `${base}/headers`, { auth, payload });

    it('creates a header with defaults, empty subtitle and description stored as null', async () => {
      const res = await post({ title: '  Ofertas de temporada ', subtitle: '', description: '   ' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        title: 'Ofertas de temporada',
        subtitle: null,
        description: null,
        target: 'all',
        action_type: 'none',
        button_label: null,
        initial_color: '#f5f8fa',
        final_color: '#f5f8fa',
        url: null,
      });
    });

    it('enforces the spec’s limits and action rules', async () => {
      const cases: Array<[object, string]> = [
        [{}, 'title'],
        [{ title: '   ' }, 'title'],
        [{ title: 'x'.repeat(31) }, 'title'],
        [{ title: 'ok', subtitle: 'x'.repeat(41) }, 'subtitle'],
        [{ title: 'ok', description: 'x'.repeat(131) }, 'description'],
        [{ title: 'ok', action_type: 'url', button_label: 'buynow' }, 'url'],
        [{ title: 'ok', action_type: 'url', url: 'javascript:alert(1)', button_label: 'buynow' }, 'url'],
        [{ title: 'ok', action_type: 'url', url: 'https://example.com' }, 'button_label'],
        [{ title: 'ok', action_type: 'product', button_label: 'more' }, 'product'],
        [{ title: 'ok', button_label: 'comprar' }, 'button_label'],
        [{ title: 'ok', target: 'ul3' }, 'target'],
        [{ title: 'ok', action_type: 'signup' }, 'action_type'],
        [{ title: 'ok', initial_color: 'red;background:url(x)' }, 'initial_color'],
        [{ title: 'ok', shop_id: shops.other.id }, 'shop_id'],
      ];
      for (const [payload, field] of cases) {
        const res = await post(payload);
        expect([JSON.stringify(payload), res.status, res.body.code]).toEqual([JSON.stringify(payload), 400, 'validation_failed']);
        expect(Object.keys(res.body.fields ?? {})).toContain(field);
      }
      expect((await post({ title: 'x'.repeat(30), subtitle: 'y'.repeat(40), description: 'z'.repeat(130) })).status).toBe(201);
    });

    it('creates a call to action, edits and deletes it', async () => {
      const res = await post({
        title: 'Compra ya',
        action_type: 'URL',
        url: '/productos',
        button_label: 'buynow',
        target: 'ul2',
        initial_color: 'rgb(245,248,250)',
        final_color: '#0f766e',
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ action_type: 'url', url: '/productos', button_label: 'buynow', target: 'ul2' });
      const patched = await json(w.store, 'PATCH', `${base}/headers/${res.body.id}`, {
        auth,
        payload: { action_type: 'none', subtitle: 'Nuevo' },
      });
      expect(patched.body).toMatchObject({ title: 'Compra ya', subtitle: 'Nuevo', action_type: 'none', button_label: 'buynow' });
      const invalid = await json(w.store, 'PATCH', `${base}/headers/${res.body.id}`, {
        auth,
        payload: { action_type: 'product', product: 'p1' },
      });
      expect(invalid.body.fields).toHaveProperty('product_supplier');
      const list = await json(w.store, 'GET', `${base}/headers`, { auth });
      expect(list.body.results.map((h: any) => h.id)).toContain(res.body.id);
      expect((await json(w.store, 'DELETE', `${base}/headers/${res.body.id}`, { auth })).status).toBe(204);
      expect((await json(w.store, 'DELETE', `${base}/headers/${res.body.id}`, { auth })).status).toBe(404);
      // another shop's header cannot be reached through this owner's path
      const franchiseHeader = (await json(w.store, 'GET', `${franchiseBase}/headers`, { auth: await w.token(FRANCHISE_OWNER) })).body
        .results[0].id;
      expect((await json(w.store, 'PATCH', `${base}/headers/${franchiseHeader}`, { auth, payload: { title: 'hacked' } })).status).toBe(404);
    });
  });

  describe('banners', () => {
    it('requires both images and applies the defaults', async () => {
      const missing = await json(w.store, 'POST', `${base}/banners`, { auth, payload: { hzt_image: '/api/gallery/files/x.png' } });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toHaveProperty('vrt_image');
      const a = await image();
      const b = await image();
      const res = await json(w.store, 'POST', `${base}/banners`, {
        auth,
        payload: { hzt_image: a.url, hzt_image_id: a.id, vrt_image: b.url, vrt_image_id: b.id },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ url_target: true, target: 'all', action_type: 'none', position: 5 });
    });

    it('wants a web address as link unless the shop shows 2 columns', async () => {
      const franchiseAuth = await w.token(FRANCHISE_OWNER);
      const imgs = { hzt_image: 'https://cdn.example.com/h.png', vrt_image: 'https://cdn.example.com/v.png' };
      // franquicia-sol shows 1 column
      const path = await json(w.store, 'POST', `${franchiseBase}/banners`, {
        auth: franchiseAuth,
        payload: { ...imgs, url: '/productos' },
      });
      expect([path.status, path.body.code]).toEqual([400, 'invalid_carousel_link']);
      const notUrl = await json(w.store, 'POST', `${franchiseBase}/banners`, {
        auth: franchiseAuth,
        payload: { ...imgs, action_type: 'URL', url: 'ver ofertas' },
      });
      expect([notUrl.status, notUrl.body.code]).toEqual([400, 'invalid_carousel_link']);
      const ok = await json(w.store, 'POST', `${franchiseBase}/banners`, {
        auth: franchiseAuth,
        payload: { ...imgs, url: 'https://vitrina.local/ofertas', url_target: false },
      });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ action_type: 'url', url_target: false });
      // demo shows 2 columns: a site path is fine, a script never
      expect((await json(w.store, 'POST', `${base}/banners`, { auth, payload: { ...imgs, url: '/catalogos' } })).status).toBe(201);
      const script = await json(w.store, 'POST', `${base}/banners`, { auth, payload: { ...imgs, url: 'javascript:alert(1)' } });
      expect(script.body.code).toBe('invalid_carousel_link');
      const product = await json(w.store, 'POST', `${base}/banners`, { auth, payload: { ...imgs, action_type: 'PRODUCT', product: 'p1' } });
      expect(product.body.fields).toHaveProperty('supplier');
      const target = await json(w.store, 'POST', `${base}/banners`, { auth, payload: { ...imgs, target: 'everyone' } });
      expect(target.body.fields).toHaveProperty('target');
    });

    it('refuses another owner’s gallery image', async () => {
      const theirs = await image(users.otherOwner.id, await w.token(users.otherOwner.id));
      const res = await json(w.store, 'POST', `${base}/banners`, {
        auth,
        payload: { hzt_image: theirs.url, hzt_image_id: theirs.id, vrt_image: theirs.url, vrt_image_id: theirs.id },
      });
      expect(res.status).toBe(400);
    });

    it('deletes a banner, then its images through a job that retries a storage outage', async () => {
      const h = await image();
      const v = await image();
      const created = await json(w.store, 'POST', `${base}/banners`, {
        auth,
        payload: { hzt_image: h.url, hzt_image_id: h.id, vrt_image: v.url, vrt_image_id: v.id },
      });
      const storage = w.store.get(GalleryStorage, { strict: false });
      const realDelete = storage.delete.bind(storage);
      let failures = 0;
      storage.delete = async (name: string) => {
        if (failures < 3) {
          failures++;
          throw new Error('storage unavailable');
        }
        return realDelete(name);
      };
      try {
        const del = await json(w.store, 'DELETE', `${base}/banners/${created.body.id}`, { auth });
        expect(del.status).toBe(204);
        // the banner is gone at once, whatever the storage does
        const list = await json(w.store, 'GET', `${base}/banners`, { auth });
        expect(list.body.results.map((b: any) => b.id)).not.toContain(created.body.id);
        await eventually(async () => {
          const [a, b] = await Promise.all([
            w.store.inject({ method: 'GET', url: `/gallery/files/${h.id}.png` }),
            w.store.inject({ method: 'GET', url: `/gallery/files/${v.id}.png` }),
          ]);
          return a.statusCode === 404 && b.statusCode === 404;
        }, 20_000);
        expect(failures).toBe(3);
      } finally {
        storage.delete = realDelete;
      }
    });

    it('keeps images another banner still uses', async () => {
      const shared = await image();
      const payload = { hzt_image: shared.url, hzt_image_id: shared.id, vrt_image: shared.url, vrt_image_id: shared.id };
      const first = await json(w.store, 'POST', `${base}/banners`, { auth, payload });
      await json(w.store, 'POST', `${base}/banners`, { auth, payload });
      await json(w.store, 'DELETE', `${base}/banners/${first.body.id}`, { auth });
      await new Promise((r) => setTimeout(r, 300));
      expect((await w.store.inject({ method: 'GET', url: `/gallery/files/${shared.id}.png` })).statusCode).toBe(200);
    });
  });

  it('answers 403 to another owner and 401 to anonymous callers on every admin endpoint', async () => {
    const other = await w.token(users.otherOwner.id, 2);
    const someId = '01930000-0000-7000-8009-000000000001';
    const routes: Array<[string, string, object?]> = [
      ['GET', base],
      ['PATCH', base, { name: 'Tienda robada', discord: 'https://discord.gg/x' }],
      ['GET', `${base}/banners`],
      ['POST', `${base}/banners`, { hzt_image: '/a.png', vrt_image: '/b.png' }],
      ['PATCH', `${base}/banners/${someId}`, { url: '/x' }],
      ['DELETE', `${base}/banners/${someId}`],
      ['GET', `${base}/headers`],
      ['POST', `${base}/headers`, { title: 'x' }],
      ['PATCH', `${base}/headers/${someId}`, { title: 'x' }],
      ['DELETE', `${base}/headers/${someId}`],
      ['GET', `${base}/items`],
      ['POST', `${base}/items`, { ids: [someId] }],
      ['POST', `${base}/items/instore`, { ids: [someId] }],
      ['PUT', `${base}/items/${someId}`],
      ['DELETE', `${base}/items/${someId}`],
      ['GET', `${base}/franchises`],
      ['POST', `${base}/franchises/instore`, { franchises: [someId] }],
      ['PUT', `${base}/franchises/${shops.franchise.id}`],
      ['DELETE', `${base}/franchises/${shops.franchise.id}`],
      ['POST', `/gallery/${OWNER}:${shops.demo.id}/`, {}],
      ['DELETE', `/gallery/${OWNER}:${shops.demo.id}/${someId}`],
    ];
    for (const [method, url, payload] of routes) {
      const forbidden = await json(w.store, method, url, { auth: other, payload });
      expect([method, url, forbidden.status, forbidden.body.code]).toEqual([method, url, 403, 'forbidden']);
      const anonymous = await json(w.store, method, url, { payload });
      expect([method, url, anonymous.status]).toEqual([method, url, 401]);
    }
    // nothing changed: the demo shop keeps its name and seeded banners
    expect((await json(w.store, 'GET', '/store/shops/by-slug/demo')).body.name).toBe('Bazar de Daniela');
    const banners = await json(w.store, 'GET', '/store/shops/demo/banners');
    expect(banners.body.results.length).toBeGreaterThan(0);
  });
});
