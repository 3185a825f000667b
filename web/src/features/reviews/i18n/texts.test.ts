import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { ensureReviewsTexts, REVIEWS_BUNDLES, REVIEWS_NS } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the review texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(REVIEWS_BUNDLES.en).sort()).toEqual(keys(REVIEWS_BUNDLES.es).sort());
    const known = new Set(keys(REVIEWS_BUNDLES.es));
    expect(keys(REVIEWS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('join the app’s instance on first use, es-AR falling back to es', () => {
    const i18n = createI18n('es-AR');
    ensureReviewsTexts(i18n);
    const t = i18n.getFixedT('es-AR', REVIEWS_NS as never) as unknown as (key: string, o?: object) => string;
    expect(t('modal.createTitle')).toBe('Escribí tu reseña');
    expect(t('done.created')).toBe('Reseña creada');
    expect(t('modal.star', { count: 1 })).toBe('1 estrella');
  });
});
