import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'drizzle-orm';
import { DEMO } from '@vitrina/contracts';
import { rowsOf } from '@vitrina/platform';
import { LoadShopQuery } from '../src/shops/queries/load-shop.query.js';
import { json } from './helpers.js';
import { startWorld, type World } from './world.js';

const { users, shops } = DEMO;
const OWNER = users.demoOwner.id;
const base = `/store/${OWNER}:${OWNER}/affiliate/store`;

/**
 * Issue 17: the shop home comes from a per-process cache keyed by shop and visibility level, valid while the shop's
 * content_version (and its root affinity store's) has not moved. Every change the page shows must show at once.
 */
describe('shop home cache (content_version)', () => {
  let w: World;
  let auth: string;
  let homes: LoadShopQuery['homes'];
  const home = (slug: string, token?: string) => json(w.store, 'GET', `/store/shops/by-slug/${slug}`, token ? { auth: token } : {});
  const headerTitles = (body: any) => body.store_theme_info.header_info.map((h: any) => h.title);

  beforeAll(async () => {
    w = await startWorld({ seed: true });
    auth = await w.token(OWNER, 2);
    homes = w.store.get(LoadShopQuery).homes;
  });
  afterAll(async () => {
    await w?.close();
  });

  it('serves a repeated load from memory, the same answer, and only user_info is the viewer’s own', async () => {
    const first = await home(shops.demo.slug);
    expect(first.status).toBe(200);
    const hits = homes.hits;
    const again = await home(shops.demo.slug);
    expect(homes.hits).toBe(hits + 1);
    expect(again.body).toEqual(first.body);
    expect(first.body.user_info).toEqual({ user_level: null, is_owner: false });

    // the owner sees the level-2 entry with is_owner; another level-2 viewer shares the entry but is not the owner
    const owner = await home(shops.demo.slug, auth);
    expect(owner.body.user_info).toEqual({ user_level: 2, is_owner: true });
    const other = await home(shops.demo.slug, await w.token(users.reseller.id, 2));
    expect(other.body.user_info).toEqual({ user_level: 2, is_owner: false });
    expect({ ...other.body, user_info: null }).toEqual({ ...owner.body, user_info: null });
  });

  it('shows a header created, edited or deleted at once, to the levels its target allows', async () => {
    await home(shops.demo.slug);
    await home(shops.demo.slug, auth);
    const all = await json(w.store, 'POST', `${base}/headers`, { auth, payload: { title: 'Rebajas para todos' } });
    const ul2 = await json(w.store, 'POST', `${base}/headers`, { auth, payload: { title: 'Solo nivel 2', target: 'ul2' } });
    expect([all.status, ul2.status]).toEqual([201, 201]);

    expect(headerTitles((await home(shops.demo.slug)).body)).toContain('Rebajas para todos');
    expect(headerTitles((await home(shops.demo.slug)).body)).not.toContain('Solo nivel 2');
    expect(headerTitles((await home(shops.demo.slug, auth)).body)).toEqual(expect.arrayContaining(['Rebajas para todos', 'Solo nivel 2']));

    await json(w.store, 'PATCH', `${base}/headers/${all.body.id}`, { auth, payload: { title: 'Rebajas de invierno' } });
    expect(headerTitles((await home(shops.demo.slug)).body)).toContain('Rebajas de invierno');
    expect((await json(w.store, 'DELETE', `${base}/headers/${ul2.body.id}`, { auth })).status).toBe(204);
    expect(headerTitles((await home(shops.demo.slug, auth)).body)).not.toContain('Solo nivel 2');
  });

  it('shows a change to the shop itself at once, and a change to its root affinity store in the reseller’s shop', async () => {
    await home(shops.demo.slug);
    const reseller = await home(shops.reseller.slug);
    expect(reseller.body.root_affinity_store_info).toMatchObject({ id: shops.demo.id });

    expect((await json(w.store, 'PATCH', base, { auth, payload: { name: 'Tienda renovada' } })).status).toBe(200);
    expect((await home(shops.demo.slug)).body.name).toBe('Tienda renovada');
    expect((await home(shops.reseller.slug)).body.root_affinity_store_info.name).toBe('Tienda renovada');
  });

  it('grows content_version with every write to the row, its banners or its headers, in the writing transaction', async () => {
    const version = async () => {
      const rows = rowsOf<{ v: string }>(
        await w.tdb.database.drizzle({}).execute(sql`select content_version as v from store.shops where id = ${shops.demo.id}`),
      );
      return Number(rows[0].v);
    };
    const before = await version();
    await json(w.store, 'POST', `${base}/headers`, { auth, payload: { title: 'Uno más' } });
    const afterHeader = await version();
    expect(afterHeader).toBeGreaterThan(before);
    await json(w.store, 'PATCH', base, { auth, payload: { bgcolor: '#ffffff' } });
    expect(await version()).toBeGreaterThan(afterHeader);
  });
});
