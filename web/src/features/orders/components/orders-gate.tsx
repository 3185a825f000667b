import type { ReactNode } from 'react';
import { SignedInGate } from '@/components/signed-in-gate';
import { useOrdersT } from '../i18n/texts';

/** Orders belong to a signed-in user (spec 3 §2 '/mis-compras (non-anonymous users)'). */
export function OrdersGate({ seller = false, children }: { seller?: boolean; children: (userId: string) => ReactNode }) {
  const { t } = useOrdersT();
  const texts = {
    loading: t('gate.loading'),
    title: t(seller ? 'gate.sellerTitle' : 'gate.title'),
    text: t(seller ? 'gate.sellerText' : 'gate.text'),
    login: t('gate.login'),
  };
  return (
    <SignedInGate texts={texts} testId="orders-sign-in">
      {children}
    </SignedInGate>
  );
}
