import { z } from 'zod';

/**
 * Become a supplier (issue 16; spec 1 §6 'dssupplier', spec 2 §2 'Supplier-invitation banners'): a user opens their
 * supplier profile (a name and an image) and gets the `dssupplier-admin` keychain API that lets them list items; an
 * operator may disable a supplier, and the shops tied to a disabled supplier show the disabled-supplier banner.
 */
export const SupplierLimits = {
  nameMax: 100,
  imageMax: 2048,
} as const;

export const SupplierErrorCodes = {
  notFound: 'supplier_not_found',
} as const;

/** `GET|PUT /accounts/{me}/supplier`: the caller's supplier profile (`is_supplier` false before they open one). */
export const SupplierProfileSchema = z
  .object({
    is_supplier: z.boolean(),
    name: z.string().nullable(),
    image: z.string().nullable(),
    /** False when an operator disabled the supplier. */
    enabled: z.boolean(),
    created_at: z.string().nullable(),
  })
  .meta({ id: 'SupplierProfile' });
export type SupplierProfile = z.infer<typeof SupplierProfileSchema>;

export const SupplierEvents = {
  /** Opened, renamed, enabled or disabled (key: the supplier's user id). */
  updated: 'accounts.supplier.updated',
} as const;

/** `accounts.supplier.updated`: the supplier as it is now (catalogue names it; store sets the banners). */
export interface SupplierUpdated {
  supplierId: string;
  name: string;
  image: string | null;
  enabled: boolean;
}
