import type { ReactNode } from 'react';
import { SignedInGate } from '@/components/signed-in-gate';
import { useInboxT } from '../i18n/texts';

/** spec 2 §2: the inbox needs a signed-in user ('Conversation loading needs a non-anonymous user'). */
export function InboxGate({ children }: { children: (userId: string) => ReactNode }) {
  const { t } = useInboxT();
  const texts = { loading: t('gate.loading'), title: t('gate.title'), text: t('gate.text'), login: t('gate.login') };
  return (
    <SignedInGate texts={texts} testId="inbox-sign-in">
      {children}
    </SignedInGate>
  );
}
