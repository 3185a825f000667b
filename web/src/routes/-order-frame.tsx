import type { ReactNode } from 'react';
import { PlatformFrame } from '@/components/layout/platform-frame';
import { PlatformAccount } from './-platform-account';

/**
 * What the order pages outside a shop render (not a route: the `-` keeps the router plugin from reading it): the
 * platform's frame with the account corner. The shop variants render inside the shop's frame instead.
 */
export function OrderFrame({ children }: { children: ReactNode }) {
  return (
    <PlatformFrame account={<PlatformAccount />} size="lg" py="lg" px={{ base: 'sm', sm: 'md' }}>
      {children}
    </PlatformFrame>
  );
}
