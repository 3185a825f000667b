import { formatRate, PACKAGE_CURRENCY, PACKAGES, type Membership, type Package, type PackageId } from '@vitrina/contracts';
import { jsonResponse } from '@/test/render-app';
import { ME } from '@/test/account-fixtures';

/** A package as `GET /accounts/packages` answers it, from the platform's definitions. */
export function packageFixture(id: PackageId): Package {
  const def = PACKAGES.find((p) => p.id === id)!;
  const rate = formatRate(def.commissionPpm);
  return {
    id: def.id,
    name: def.name,
    price: (def.priceMinor / 100).toFixed(2),
    price_minor: def.priceMinor,
    periodicity: 'month',
    plan_commission_rate: rate,
    contribution_margin: (def.priceMinor / 200).toFixed(2),
    currency: PACKAGE_CURRENCY,
    is_out_package: false,
    weight: def.weight,
    package_template: { weight: def.weight, plan_commission_rate: rate },
    apps: [...def.apps],
  };
}

export const ALL_PACKAGES: Package[] = PACKAGES.map((p) => packageFixture(p.id));

export function membershipFixture(overrides: Partial<Membership> = {}): Membership {
  return {
    status: 'none',
    package: null,
    plan_commission_rate: '0.500000',
    charge_date: null,
    lapses_at: null,
    pending: null,
    ...overrides,
  };
}

export const PACKAGES_CALL = 'GET /api/accounts/packages';
export const MEMBERSHIP_CALL = `GET /api/broker-memberships/${ME}:${ME}/membership`;
export const buyCall = (id: string) => `PUT /api/broker-memberships/${ME}:${ME}/package/${id}`;

export const packagesAnswer = () => jsonResponse(200, { results: ALL_PACKAGES });
