import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import es from '@/i18n/bundles/es';
import { INBOX_BUNDLES, INBOX_NS, ensureInboxTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the inbox texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(INBOX_BUNDLES.en).sort()).toEqual(keys(INBOX_BUNDLES.es).sort());
    const known = new Set(keys(INBOX_BUNDLES.es));
    expect(keys(INBOX_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('join the app’s instance on first use, es-AR speaking with vos and falling back to es', () => {
    expect(Object.keys(es)).not.toContain(INBOX_NS);
    const i18n = createI18n('es-AR');
    ensureInboxTexts(i18n);
    const t = i18n.getFixedT('es-AR', INBOX_NS as never) as unknown as (key: string, values?: object) => string;
    expect(t('composer.placeholder')).toBe('Escribí un mensaje…');
    expect(t('chat.online')).toBe('En línea');
    expect(t('list.unread', { count: 2 })).toBe('2 mensajes sin leer');
  });
});
