import { describe, expect, it } from 'vitest';
import { SUPPLIER_SIGNUP_BUNDLES } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the supplier sign-up texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(SUPPLIER_SIGNUP_BUNDLES.en).sort()).toEqual(keys(SUPPLIER_SIGNUP_BUNDLES.es).sort());
    const known = new Set(keys(SUPPLIER_SIGNUP_BUNDLES.es));
    expect(keys(SUPPLIER_SIGNUP_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });
});
