import { z } from 'zod';

/**
 * Plans and packages (issue 16; spec 2 §1 'Plans offered', §3 'Plan' and 'Package', §7 'broker-memberships', §8
 * 'Package errors', §9). A package is what a user buys: a monthly membership whose `plan_commission_rate` becomes the
 * rate of their resales (commission = contribution margin × rate, spec 2 §6) on product cards and in dispersions.
 * The spec's plan list (`GET /accounts/plans`) is the same packages in the spec's Plan shape.
 *
 * The rates below are product decisions the spec leaves open (it shows one plan: 199.00 MXN, 0.500000, margin
 * 99.50): a user without a membership keeps the platform's base rate (0.5, `WALLET_COMMISSION_PPM`), the two entry
 * packages keep it, the higher ones raise it. `contribution_margin` is the platform's margin on the package itself
 * (half its price), the base of the referral residual (spec 2 §1: 15 %).
 */

export const PACKAGE_IDS = ['facturacion_electronica', 'plan_profesional', 'micro', 'tienda_en_linea', 'negocio_digital'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

/** The three apps of the micro plan (spec 2 §1). */
export const PACKAGE_APPS = ['electronic_invoicing', 'electronic_accounting', 'electronic_payroll', 'online_store', 'resale'] as const;
export type PackageApp = (typeof PACKAGE_APPS)[number];

export interface PackageDefinition {
  id: PackageId;
  /** Spanish name (the web translates by id). */
  name: string;
  priceMinor: number;
  /** Higher weight = a bigger package; buying a lighter one while a heavier one is active is a downgrade. */
  weight: number;
  /** Parts per million of the contribution margin a resale earns (500000 = 0.5). */
  commissionPpm: number;
  apps: readonly PackageApp[];
}

export const PACKAGE_CURRENCY = 'MXN';

export const PACKAGES: readonly PackageDefinition[] = [
  {
    id: 'facturacion_electronica',
    name: 'Facturación electrónica',
    priceMinor: 14_900,
    weight: 1,
    commissionPpm: 500_000,
    apps: ['electronic_invoicing'],
  },
  {
    id: 'plan_profesional',
    name: 'Plan profesional',
    priceMinor: 19_900,
    weight: 2,
    commissionPpm: 500_000,
    apps: ['resale', 'online_store'],
  },
  {
    id: 'micro',
    name: 'Micro',
    priceMinor: 24_900,
    weight: 3,
    commissionPpm: 550_000,
    apps: ['electronic_invoicing', 'electronic_accounting', 'electronic_payroll'],
  },
  {
    id: 'tienda_en_linea',
    name: 'Tienda en línea',
    priceMinor: 39_900,
    weight: 4,
    commissionPpm: 600_000,
    apps: ['online_store', 'resale'],
  },
  {
    id: 'negocio_digital',
    name: 'Negocio digital',
    priceMinor: 69_900,
    weight: 5,
    commissionPpm: 700_000,
    apps: ['online_store', 'resale', 'electronic_invoicing', 'electronic_accounting'],
  },
];

export function packageById(id: string): PackageDefinition | undefined {
  return PACKAGES.find((p) => p.id === id);
}

/** The rate as the spec writes it: '0.500000'. */
export function formatRate(ppm: number): string {
  return (ppm / 1_000_000).toFixed(6);
}

export const MembershipLimits = {
  /** A membership lasts one month from its payment (calendar month, clamped to the month's last day). */
  periodMonths: 1,
  /** Days after the period's end during which the renewal can still be paid before the membership lapses. */
  graceDays: 7,
  /** How long a purchase's payment token can be paid (then a new PUT makes a new one). */
  paymentWindowHours: 48,
  /** spec 2 §8: the downgrade warning's duration. */
  downgradeWarningMs: 7_000,
  /** spec 2 §4 'With a signup plan': the wait before sign-in is re-applied. */
  signupPlanWaitMs: 3_000,
} as const;

export const MembershipErrorCodes = {
  packageNotFound: 'package_not_found',
  /** spec 2 §8: data requested_package.name, current_package.name, charge_date. */
  noDowngrade: 'package_still_active_no_downgrade',
  alreadyActive: 'package_already_active',
} as const;

export const MembershipEvents = {
  /** A purchase or renewal waits for its payment: cart-checkout makes the payable for `paymentToken`. */
  purchaseRequested: 'accounts.membership.purchase_requested',
  activated: 'accounts.membership.activated',
  renewalDue: 'accounts.membership.renewal_due',
  lapsed: 'accounts.membership.lapsed',
} as const;

export const MEMBERSHIP_STATUSES = ['none', 'active', 'grace', 'lapsed'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

const money = z.string().regex(/^\d+\.\d{2}$/);

/** spec 2 §3 'Plan'. */
export const PlanSchema = z
  .object({
    id: z.enum(PACKAGE_IDS),
    name: z.string(),
    price: money,
    price_minor: z.number().int(),
    periodicity: z.literal('month'),
    plan_commission_rate: z.string(),
    contribution_margin: money,
    currency: z.string(),
  })
  .meta({ id: 'Plan' });
export type Plan = z.infer<typeof PlanSchema>;

export const PlanListSchema = z.object({ results: z.array(PlanSchema) }).meta({ id: 'PlanList' });
export type PlanList = z.infer<typeof PlanListSchema>;

/** spec 2 §3 'Package'. */
export const PackageSchema = PlanSchema.extend({
  is_out_package: z.boolean(),
  weight: z.number().int(),
  package_template: z.object({ weight: z.number().int(), plan_commission_rate: z.string() }),
  apps: z.array(z.enum(PACKAGE_APPS)),
}).meta({ id: 'Package' });
export type Package = z.infer<typeof PackageSchema>;

export const PackageListSchema = z.object({ results: z.array(PackageSchema) }).meta({ id: 'PackageList' });
export type PackageList = z.infer<typeof PackageListSchema>;

/** The caller's membership: what they pay for, until when, and the rate their resales earn. */
export const MembershipSchema = z
  .object({
    status: z.enum(MEMBERSHIP_STATUSES),
    package: PackageSchema.nullable(),
    /** The rate in force now (the base rate without an active membership). */
    plan_commission_rate: z.string(),
    /** End of the paid period (the next charge date), or null. */
    charge_date: z.string().nullable(),
    /** In grace: the day it lapses unless the renewal is paid. */
    lapses_at: z.string().nullable(),
    /** A purchase or renewal waiting for its payment, with its payment page's token. */
    pending: z
      .object({
        package_id: z.enum(PACKAGE_IDS),
        kind: z.enum(['purchase', 'renewal']),
        payment_token: z.string(),
        expires_at: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'Membership' });
export type Membership = z.infer<typeof MembershipSchema>;

/** spec 2 §7 `PUT broker-memberships /{meID}:{key}/package/{packageId}/`: the payment page's token. */
export const PackagePurchaseSchema = z
  .object({ payment_token: z.string(), package_id: z.enum(PACKAGE_IDS), expires_at: z.string() })
  .meta({ id: 'PackagePurchase' });
export type PackagePurchase = z.infer<typeof PackagePurchaseSchema>;

/** `accounts.membership.purchase_requested` (key: user id). */
export interface MembershipPurchaseRequested {
  purchaseId: string;
  userId: string;
  packageId: PackageId;
  packageName: string;
  kind: 'purchase' | 'renewal';
  amountMinor: number;
  currency: string;
  paymentToken: string;
  expiresAt: string;
}

/** `accounts.membership.activated` (key: user id): a paid purchase or renewal. */
export interface MembershipActivated {
  purchaseId: string;
  userId: string;
  packageId: PackageId;
  packageName: string;
  kind: 'purchase' | 'renewal';
  commissionRate: string;
  chargeDate: string;
}

/** `accounts.membership.renewal_due` (key: user id): the period ended; the renewal's payment page. */
export interface MembershipRenewalDue {
  purchaseId: string;
  userId: string;
  packageId: PackageId;
  packageName: string;
  paymentToken: string;
  lapsesAt: string;
}

/** `accounts.membership.lapsed` (key: user id): the grace ended unpaid; the base rate applies again. */
export interface MembershipLapsed {
  userId: string;
  packageId: PackageId;
  packageName: string;
}

/** The seller of packages in cart-checkout's payables (the provider routing's supplier id: PAYMENT_PROVIDERS_BY_SUPPLIER). */
export const MEMBERSHIP_SELLER_ID = 'vitrina';
/** How a package can be paid: card (3-D Secure, MSI when the amount allows), SPEI, cash voucher. */
export const MEMBERSHIP_PAYMENT_TYPES = ['card', 'spei', 'cash'] as const;
