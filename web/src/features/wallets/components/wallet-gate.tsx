import type { ReactNode } from 'react';
import { SignedInGate } from '@/components/signed-in-gate';
import { useWalletsT } from '../i18n/texts';

/** A wallet belongs to a signed-in user. */
export function WalletGate({ children }: { children: (userId: string) => ReactNode }) {
  const { t } = useWalletsT();
  const texts = { loading: t('gate.loading'), title: t('gate.title'), text: t('gate.text'), login: t('gate.login') };
  return (
    <SignedInGate texts={texts} testId="wallet-sign-in">
      {children}
    </SignedInGate>
  );
}
