import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO } from '@vitrina/contracts';
import { json } from './helpers.js';
import { startWorld, type World } from './world.js';

/**
 * issue 9 item 2: an explicit null in an optional field is decided in the DTO. Each table row sends null in one
 * field: either 400 `{ code, message }` with nothing changed, or 2xx with the meaning the spec gives
 * (spec 1 §5: empty values are sent as null; null clears).
 */
const { users } = DEMO;
const OWNER = users.demoOwner.id;
const base = `/store/${OWNER}:${OWNER}/affiliate/store`;

const imgs = { hzt_image: 'https://cdn.example.com/h.png', vrt_image: 'https://cdn.example.com/v.png' };

describe('null in optional store fields', () => {
  let w: World;
  let auth: string;
  const call = (method: string, url: string, payload?: unknown) => json(w.store, method, url, { auth, payload });
  const expectRefused = (res: { status: number; body: any }, field: string) => {
    expect({ field, status: res.status, code: res.body?.code, message: typeof res.body?.message }).toEqual({
      field,
      status: 400,
      code: 'validation_failed',
      message: 'string',
    });
  };

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    auth = await w.token(OWNER, 2);
  });
  afterAll(async () => {
    await w?.close();
  });

  describe('headers', () => {
    const refused = ['title', 'target', 'action_type', 'initial_color', 'final_color'];
    const clears = ['subtitle', 'description', 'url', 'product', 'product_supplier', 'button_label'];
    let id: string;

    beforeAll(async () => {
      const res = await call('POST', `${base}/headers`, { title: 'Nulos', subtitle: 'Sub', description: 'Desc' });
      expect(res.status).toBe(201);
      id = res.body.id;
    });

    it.each(refused)('refuses %s: null on create (nothing created) and on update (nothing changed)', async (field) => {
      const before = await call('GET', `${base}/headers?limit=100`);
      expectRefused(await call('POST', `${base}/headers`, { title: 'Otro', [field]: null }), field);
      expectRefused(await call('PATCH', `${base}/headers/${id}`, { [field]: null }), field);
      expect(await call('GET', `${base}/headers?limit=100`)).toEqual(before);
    });

    it.each(clears)('clears %s with null', async (field) => {
      const created = await call('POST', `${base}/headers`, { title: 'Con nulo', [field]: null });
      expect(created.status).toBe(201);
      expect(created.body[field]).toBeNull();
      const patched = await call('PATCH', `${base}/headers/${id}`, { [field]: null });
      expect(patched.status).toBe(200);
      expect(patched.body[field]).toBeNull();
      await call('DELETE', `${base}/headers/${created.body.id}`);
    });

    it('null subtitle and description clear the values the header had', async () => {
      await call('PATCH', `${base}/headers/${id}`, { subtitle: 'Vuelve', description: 'También' });
      const res = await call('PATCH', `${base}/headers/${id}`, { subtitle: null, description: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ title: 'Nulos', subtitle: null, description: null });
    });
  });

  describe('banners', () => {
    const refused = ['hzt_image', 'vrt_image', 'url_target', 'target', 'action_type'];
    const clears = ['hzt_image_id', 'vrt_image_id', 'product', 'supplier', 'url'];
    let id: string;

    beforeAll(async () => {
      const res = await call('POST', `${base}/banners`, { ...imgs, url: '/catalogos' });
      expect(res.status).toBe(201);
      id = res.body.id;
    });

    it.each(refused)('refuses %s: null on create (nothing created) and on update (nothing changed)', async (field) => {
      const before = await call('GET', `${base}/banners?limit=100`);
      expectRefused(await call('POST', `${base}/banners`, { ...imgs, [field]: null }), field);
      expectRefused(await call('PATCH', `${base}/banners/${id}`, { [field]: null }), field);
      expect(await call('GET', `${base}/banners?limit=100`)).toEqual(before);
    });

    it.each(clears)('accepts null for %s and stores none', async (field) => {
      const res = await call('PATCH', `${base}/banners/${id}`, { [field]: null });
      expect(res.status).toBe(200);
      expect(res.body[field] ?? null).toBeNull();
    });

    it('null url clears the link the banner had', async () => {
      expect((await call('PATCH', `${base}/banners/${id}`, { url: '/productos' })).body.url).toBe('/productos');
      const res = await call('PATCH', `${base}/banners/${id}`, { url: null });
      expect(res.status).toBe(200);
      expect(res.body.url).toBeNull();
    });
  });

  describe('shop settings', () => {
    const refused = [
      'name',
      'photo_display',
      'slug',
      'hidden_store_name',
      'hidden_search_bar',
      'hidden_affinity_xheader',
      'columns',
      'theme',
      'signup_form',
      'darkmode',
      'hidden_darkmode',
      'slider',
      'header',
      'footer_style',
      'sections_info',
    ];
    // A valid value for each nullable field, set first so null visibly clears it.
    const clears: Record<string, unknown> = {
      photo: 'https://cdn.example.com/logo.png',
      color1: '#112233',
      color2: '#445566',
      bgcolor: '#abcdef',
      adornment_type: 'waves',
      footer_bg: '#000000',
      footer_fg: '#ffffff',
      facebook: 'bazar',
      instagram: 'bazar',
      twitter: 'bazar',
      youtube: 'bazar',
      twitch: 'bazar',
      kick: 'bazar',
      discord: 'https://discord.gg/bazar',
      contact_email: 'hola@bazar.mx',
      contact_phone: '5512345678',
      contact_country_code: '52',
      whatsapp_phone: '5512345678',
      whatsapp_country_code: '52',
      live_chat_license: '123456',
      seo_description: 'Bazar de Daniela',
      favicon: 'https://cdn.example.com/favicon.png',
      fb_pixel: '123456789',
      users_support_url: 'https://bazar.mx/ayuda',
      signup_plan: 'micro',
    };
    const read = (shop: any, field: string): unknown => (field in shop ? shop[field] : shop.store_theme_info[field]);

    it.each(refused)('refuses null %s and changes nothing', async (field) => {
      const before = await call('GET', base);
      expectRefused(await call('PATCH', base, { [field]: null }), field);
      expect((await call('GET', base)).body.updated_at).toBe(before.body.updated_at);
      expect(read((await call('GET', base)).body, field)).toEqual(read(before.body, field));
    });

    it.each(Object.keys(clears))('null clears %s', async (field) => {
      const set = await call('PATCH', base, { [field]: clears[field] });
      expect({ field, status: set.status }).toEqual({ field, status: 200 });
      expect(read(set.body, field)).not.toBeNull();
      const cleared = await call('PATCH', base, { [field]: null });
      expect({ field, status: cleared.status }).toEqual({ field, status: 200 });
      expect(read(cleared.body, field)).toBeNull();
      expect(read((await call('GET', base)).body, field)).toBeNull();
    });
  });

  describe('id lists', () => {
    it.each([
      ['POST', `${base}/items`, 'ids'],
      ['POST', `${base}/items/instore`, 'ids'],
      ['POST', `/store/shops/demo/items/instore`, 'ids'],
      ['POST', `${base}/franchises/instore`, 'franchises'],
    ])('%s %s refuses null %s', async (method, url, field) => {
      expectRefused(await call(method, url, { [field]: null }), field);
      expectRefused(await call(method, url, { [field]: [null] }), field);
    });
  });
});
