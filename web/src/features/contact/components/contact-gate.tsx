import type { ReactNode } from 'react';
import { SignedInGate } from '@/components/signed-in-gate';
import { useContactT } from '../i18n/texts';

/** The contact list and its entries belong to a signed-in shop owner (spec 2 §2: login required under /me/inbox). */
export function ContactGate({ children }: { children: (userId: string) => ReactNode }) {
  const { t } = useContactT();
  const texts = { loading: t('gate.loading'), title: t('gate.title'), text: t('gate.text'), login: t('gate.login') };
  return (
    <SignedInGate texts={texts} testId="contact-sign-in">
      {children}
    </SignedInGate>
  );
}
