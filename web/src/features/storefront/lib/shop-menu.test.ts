import type { MenuJson, MenuOptionJson } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { shopJson } from '@/test/fixtures';
import { menuAddTarget, visibleMenu, type MenuKey } from './shop-menu';

const PATHS: Record<MenuKey, string> = {
  products: '/productos',
  services: '/servicios',
  experiences: '/experiencias',
  digital: '/digitales',
  catalogues: '/catalogos',
  blogs: '/blogs',
  franchises: '/franquicias',
  retail: '/admin/configuracion',
  info: '/info',
};

function option(key: MenuKey, canAdd: boolean): MenuOptionJson {
  const label = { es: key, en: key, 'es-AR': key };
  return { key, label, icon: key, icon_color: '#000', path: PATHS[key], submenu: [], app_module: key, can_add: canAdd };
}

/** The store service's answer: in admin mode every entry but info carries can_add. */
function menu(mode: MenuJson['mode'], keys: MenuKey[]): MenuJson {
  const results = keys.map((key) => option(key, mode === 'admin' && key !== 'info'));
  return { mode, results, matches_estimated: results.length };
}

const ADMIN_KEYS: MenuKey[] = ['products', 'services', 'experiences', 'catalogues', 'blogs', 'franchises', 'info'];
const adminShop = shopJson({ permissions: ['admin'], store_theme_info: { ...shopJson().store_theme_info, sections_info: ['products'] } });

describe('visibleMenu', () => {
  it('gives the shop’s admin the server’s admin entries with their plus buttons', () => {
    const entries = visibleMenu(adminShop, menu('admin', [...ADMIN_KEYS.slice(0, 6), 'retail', 'info']), true);
    expect(entries.filter((entry) => entry.canAdd).map((entry) => entry.key)).toEqual([...ADMIN_KEYS.slice(0, 6), 'retail']);
    expect(entries.find((entry) => entry.key === 'retail')?.path).toBe('/admin/configuracion');
  });

  it('gives an owner without the admin permission the shop’s read-only sections', () => {
    const entries = visibleMenu({ ...adminShop, permissions: [] }, menu('admin', ADMIN_KEYS), true);
    expect(entries.map((entry) => entry.key)).toEqual(['products', 'info']);
    expect(entries.some((entry) => entry.canAdd)).toBe(false);
  });

  it('never gives plus buttons on a proxy shop, whatever the answer', () => {
    const proxy = { ...adminShop, is_proxy: true };
    expect(visibleMenu(proxy, menu('admin', ADMIN_KEYS), true).some((entry) => entry.canAdd)).toBe(false);
    expect(visibleMenu(proxy, menu('proxy', ['products', 'info']), true).some((entry) => entry.canAdd)).toBe(false);
  });

  it('keeps public answers read-only and without admin-only targets', () => {
    const publicMenu = menu('public', ['products', 'info']);
    publicMenu.results.push({ ...option('retail', true) });
    const entries = visibleMenu(adminShop, publicMenu, false);
    expect(entries.map((entry) => entry.key)).toEqual(['products', 'info']);
    expect(entries.some((entry) => entry.canAdd)).toBe(false);
  });

  it('falls back to the shop’s sections while there is no answer (anonymous visitors, loading, failure)', () => {
    expect(visibleMenu(adminShop, undefined, true)).toEqual([
      { key: 'products', path: '/productos' },
      { key: 'info', path: '/info' },
    ]);
  });
});

describe('menuAddTarget', () => {
  it('opens the add-products modal on the section’s tab for the item sections', () => {
    expect(menuAddTarget({ key: 'products', path: '/productos', canAdd: true })).toEqual({
      section: 'products',
      open: { kind: 'add-items', itemType: 'product' },
    });
    expect(menuAddTarget({ key: 'services', path: '/servicios', canAdd: true })).toEqual({
      section: 'services',
      open: { kind: 'add-items', itemType: 'service' },
    });
    expect(menuAddTarget({ key: 'experiences', path: '/experiencias', canAdd: true })).toEqual({
      section: 'experiences',
      open: { kind: 'add-items', itemType: 'experience' },
    });
    expect(menuAddTarget({ key: 'digital', path: '/digitales', canAdd: true })).toEqual({
      section: 'digital',
      open: { kind: 'add-items', itemType: 'digital' },
    });
  });

  it('opens the new-catalogue form and the franchise picker', () => {
    expect(menuAddTarget({ key: 'catalogues', path: '/catalogos', canAdd: true })).toEqual({
      section: 'catalogues',
      open: { kind: 'new-catalogue' },
    });
    expect(menuAddTarget({ key: 'franchises', path: '/franquicias', canAdd: true })).toEqual({
      section: 'franchises',
      open: { kind: 'franchises' },
    });
  });

  it('goes to the server’s path for blogs and retail', () => {
    expect(menuAddTarget({ key: 'blogs', path: '/blogs', canAdd: true })).toEqual({ section: 'blogs', navigate: '/blogs' });
    expect(menuAddTarget({ key: 'retail', path: '/admin/configuracion', canAdd: true })).toEqual({
      section: 'retail',
      navigate: '/admin/configuracion',
    });
  });

  it('has nothing for entries without can_add, nor for info', () => {
    expect(menuAddTarget({ key: 'products', path: '/productos' })).toBeNull();
    expect(menuAddTarget({ key: 'info', path: '/info', canAdd: true })).toBeNull();
  });
});
