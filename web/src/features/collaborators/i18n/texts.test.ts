import { describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/i18n';
import { COLLABORATORS_BUNDLES, COLLABORATORS_NS, ensureCollaboratorsTexts } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the collaborators texts', () => {
  it('say the same things in es, en and es-AR', () => {
    const spanish = keys(COLLABORATORS_BUNDLES.es).sort();
    expect(keys(COLLABORATORS_BUNDLES.en).sort()).toEqual(spanish);
    expect(keys(COLLABORATORS_BUNDLES['es-AR']).sort()).toEqual(spanish);
  });

  it('use vos in es-AR', () => {
    const i18n = createI18n('es-AR');
    ensureCollaboratorsTexts(i18n);
    const t = i18n.getFixedT('es-AR', COLLABORATORS_NS as never) as unknown as (key: string) => string;
    expect(t('list.emptyTitle')).toBe('Todavía no tenés colaboradores');
  });
});
