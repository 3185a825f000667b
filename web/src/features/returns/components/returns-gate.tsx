import type { ReactNode } from 'react';
import { SignedInGate } from '@/components/signed-in-gate';
import { useReturnsT } from '../i18n/texts';

/** Returns belong to a signed-in user, as orders do. */
export function ReturnsGate({ seller = false, children }: { seller?: boolean; children: (userId: string) => ReactNode }) {
  const { t } = useReturnsT();
  const texts = {
    loading: t('gate.loading'),
    title: t(seller ? 'gate.sellerTitle' : 'gate.title'),
    text: t(seller ? 'gate.sellerText' : 'gate.text'),
    login: t('gate.login'),
  };
  return (
    <SignedInGate texts={texts} testId="returns-sign-in">
      {children}
    </SignedInGate>
  );
}
