import { CASHOUT_STATUSES, DISPERSION_PARTS, LEDGER_KINDS } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { WALLETS_BUNDLES } from './texts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
  );
}

describe('the wallet texts', () => {
  it('say everything in English that they say in Spanish; es-AR only overrides', () => {
    expect(keys(WALLETS_BUNDLES.en).sort()).toEqual(keys(WALLETS_BUNDLES.es).sort());
    const known = new Set(keys(WALLETS_BUNDLES.es));
    expect(keys(WALLETS_BUNDLES['es-AR']).filter((key) => !known.has(key))).toEqual([]);
  });

  it('name every movement kind and part, and every cash-out status of the contracts', () => {
    expect(Object.keys(WALLETS_BUNDLES.es.movements.kinds).sort()).toEqual([...LEDGER_KINDS].sort());
    expect(Object.keys(WALLETS_BUNDLES.es.movements.parts).sort()).toEqual([...DISPERSION_PARTS].sort());
    expect(Object.keys(WALLETS_BUNDLES.es.cashout.status).sort()).toEqual([...CASHOUT_STATUSES].sort());
    expect(WALLETS_BUNDLES.es.cashout.status).toEqual({ requested: 'Solicitado', paid: 'Pagado', rejected: 'Rechazado' });
  });
});
