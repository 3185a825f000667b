import { describe, expect, it } from 'vitest';
import { deriveAccountType, deriveUserLevel } from './user-level';

const profile = (store_id: string | null, is_reseller: boolean) => ({ store_id, is_reseller });

describe('user level derivation (spec 2 §4)', () => {
  it('is unknown before the session or the profile has loaded', () => {
    expect(deriveUserLevel({ sessionStatus: 'loading', profileStatus: 'idle', profile: null })).toBe('unknown');
    expect(deriveUserLevel({ sessionStatus: 'authenticated', profileStatus: 'loading', profile: null })).toBe('unknown');
  });

  it('is 0 without a profile: a visitor, or a profile that could not load', () => {
    expect(deriveUserLevel({ sessionStatus: 'anonymous', profileStatus: 'idle', profile: null })).toBe(0);
    expect(deriveUserLevel({ sessionStatus: 'authenticated', profileStatus: 'unavailable', profile: null })).toBe(0);
  });

  it('is 2 with a store, 1 without a store but with the flag, 0 otherwise', () => {
    const ready = { sessionStatus: 'authenticated', profileStatus: 'ready' } as const;
    expect(deriveUserLevel({ ...ready, profile: profile('shop-1', false) })).toBe(2);
    expect(deriveUserLevel({ ...ready, profile: profile('shop-1', true) })).toBe(2);
    expect(deriveUserLevel({ ...ready, profile: profile(null, true) })).toBe(1);
    expect(deriveUserLevel({ ...ready, profile: profile(null, false) })).toBe(0);
  });
});

describe('account type from the keychain (spec 2 §6)', () => {
  it('maps orders-affinity to affinity, dssupplier-admin to franchise, anything else to affiliate', () => {
    expect(deriveAccountType(['referral', 'orders-affinity'])).toBe('affinity');
    expect(deriveAccountType(['dssupplier-admin'])).toBe('franchise');
    expect(deriveAccountType(['referral'])).toBe('affiliate');
    expect(deriveAccountType([])).toBe('affiliate');
    expect(deriveAccountType(null)).toBeNull();
  });
});
