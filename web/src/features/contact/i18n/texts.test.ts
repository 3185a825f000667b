import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import es from '@/i18n/bundles/es';
import { CONTACT_BUNDLES, CONTACT_NS, ensureContactTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the contact texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(CONTACT_BUNDLES.en).sort()).toEqual(keys(CONTACT_BUNDLES.es).sort());
    const known = new Set(keys(CONTACT_BUNDLES.es));
    expect(keys(CONTACT_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('are not in the bundle every visitor loads, and join the app’s instance on first use, es-AR falling back to es', () => {
    expect(Object.keys(es)).not.toContain(CONTACT_NS);
    const i18n = createI18n('es-AR');
    expect(i18n.hasResourceBundle('es', CONTACT_NS)).toBe(false);
    ensureContactTexts(i18n);
    const t = i18n.getFixedT('es-AR', CONTACT_NS as never) as unknown as (key: string, values?: object) => string;
    expect(t('modal.success')).toBe('¡Gracias! Tu mensaje fue enviado.');
    expect(t('list.empty')).toBe('Todavía no tenés mensajes de contacto');
    expect(t('modal.itemTitle')).toBe('Preguntar por este producto');
    expect(t('list.total', { count: 1 })).toBe('1 mensaje');
    const spanish = i18n.getFixedT('es', CONTACT_NS as never) as unknown as (key: string) => string;
    expect([spanish('modal.shopTitle'), spanish('modal.send'), spanish('list.empty')]).toEqual([
      'Contacto',
      'Enviar',
      'Aún no tienes mensajes de contacto',
    ]);
    const english = i18n.getFixedT('en', CONTACT_NS as never) as unknown as (key: string) => string;
    expect([english('modal.shopTitle'), english('modal.send'), english('modal.success')]).toEqual([
      'Contact',
      'Send',
      'Thank you! Your message was sent.',
    ]);
  });
});
