import { Loader, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { safeNextPath } from '../domain/next-path';
import { splitInternational } from '../domain/phone';
import { parsePinScreenSearch, pinSearchOfComplete, searchHref, type RegisterCompleteSearch } from '../domain/pin-screen-search';
import { AuthPage } from './auth-page';
import { LinkToRegister } from './link-to-register';
import { PinConfirmation } from './pin-confirmation';

/** spec 2 §4: after a sign-up with a plan, 3000 ms pass before going on (the plan is being set up). */
const PLAN_SETUP_WAIT_MS = 3_000;

/** spec 2 §2 `/register/complete/`: the landing after an SMS registration, where the PIN from the SMS is typed. */
export function RegisterCompletePage({ search }: { search: RegisterCompleteSearch }) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  const [finishing, setFinishing] = useState(false);
  const target = safeNextPath(search.page);

  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => void navigate({ href: target, replace: true }), PLAN_SETUP_WAIT_MS);
    return () => clearTimeout(timer);
  }, [finishing, navigate, target]);

  if (!search.code || !search.number) {
    return (
      <AuthPage title={t('pin.title')}>
        <Stack gap="sm" role="alert">
          <Text>{t('pin.missing')}</Text>
          <LinkToRegister />
        </Stack>
      </AuthPage>
    );
  }

  if (finishing) {
    // spec 2 §2: while a plan is being set up, a waiting message says the account is being finished.
    return (
      <AuthPage title={t('complete.finishingTitle')}>
        <Stack align="center" gap="md" py="md" role="status">
          <Loader />
          <Text ta="center">{t('complete.finishing')}</Text>
        </Stack>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('pin.title')}>
      <PinConfirmation
        search={pinSearchOfComplete(search, splitInternational(search.number ?? ''))}
        onDestinationChange={(next) => {
          // The destination changed: continue on the ordinary PIN screen (the SMS landing's number is gone).
          void navigate({ href: searchHref('/register/activate/', { ...parsePinScreenSearch({ ...next }), next: target }), replace: true });
        }}
        onActivated={() => {
          if (search.package_code) setFinishing(true);
          else void navigate({ href: target, replace: true });
        }}
      />
    </AuthPage>
  );
}
