import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { shopTypesFor } from '../domain/store-types';
import { CREATE_SHOP_BUNDLES, CREATE_SHOP_NS, ensureCreateShopTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the create-shop texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(CREATE_SHOP_BUNDLES.en).sort()).toEqual(keys(CREATE_SHOP_BUNDLES.es).sort());
    const known = new Set(keys(CREATE_SHOP_BUNDLES.es));
    expect(keys(CREATE_SHOP_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it("keep the spec's and the brief's words", () => {
    const { es } = CREATE_SHOP_BUNDLES;
    // spec 1 §8 'Slug check'
    expect(es.slug.taken).toBe('Este dominio no está disponible');
    expect(es.errors.slugTaken).toBe('Este dominio no está disponible');
    expect(es.hero.title).toBe('Crea tu tienda en línea gratis');
    expect(es.form.submit).toBe('Crear mi tienda');
    expect(es.errors.alreadyOwned).toBe('Ya tienes una tienda');
    expect(Object.keys(es.types).sort()).toEqual([...shopTypesFor(['dssupplier-admin'])].sort());
    expect([es.types.others.label, es.types.affiliate.label, es.types.affinity.label]).toEqual(['Tienda propia', 'Afiliado', 'Afinidad']);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', CREATE_SHOP_NS)).toBe(false);
    ensureCreateShopTexts(i18n);
    ensureCreateShopTexts(i18n);
    const t = i18n.getFixedT('es-AR', CREATE_SHOP_NS as never) as unknown as (key: string, values?: object) => string;
    expect(t('hero.title')).toBe('Creá tu tienda en línea gratis');
    expect(t('slug.taken')).toBe('Este dominio no está disponible');
    expect(t('slug.tooShort', { min: 3 })).toBe('Usá al menos 3 caracteres');
    const english = i18n.getFixedT('en', CREATE_SHOP_NS as never) as unknown as (key: string) => string;
    expect([english('form.submit'), english('slug.available')]).toEqual(['Create my store', 'Available']);
  });
});
