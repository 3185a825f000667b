import type { ReactNode } from 'react';
import { PlatformFrame } from '@/components/layout/platform-frame';
import { PreferencesContent } from './preferences-content';

/** `/preferencias` outside a shop: the platform's frame (brand bar with the account corner, footer). */
export function PreferencesPage({ account }: { account?: ReactNode }) {
  return (
    <PlatformFrame account={account} size="md" py="xl">
      <PreferencesContent />
    </PlatformFrame>
  );
}
