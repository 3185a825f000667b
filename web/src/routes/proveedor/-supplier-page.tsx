import type { ReactNode } from 'react';
import { PlatformFrame } from '@/components/layout/platform-frame';
import { PlatformAccount } from '../-platform-account';
import type { SupplierRef } from '@/features/supplier-items/api/http';
import { SupplierGate } from '@/features/supplier-items/components/supplier-gate';

/**
 * What every supplier route renders (not a route: the `-` keeps the router plugin from reading it): the
 * platform's frame with the account corner (supplier pages are not shop pages), and the sign-in gate that
 * hands the page its owner.
 */
export function SupplierPage({ children }: { children: (owner: SupplierRef) => ReactNode }) {
  return (
    <PlatformFrame account={<PlatformAccount />} size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      <SupplierGate>{children}</SupplierGate>
    </PlatformFrame>
  );
}
