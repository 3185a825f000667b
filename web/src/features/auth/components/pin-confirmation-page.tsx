import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { safeNextPath } from '../domain/next-path';
import { pinScreenHref, type PinScreenSearch } from '../domain/pin-screen-search';
import { AuthPage } from './auth-page';
import { LinkToRegister } from './link-to-register';
import { PinConfirmation } from './pin-confirmation';

/** spec 2 §2 `/register/activate/`: the PIN step after a registration. */
export function PinConfirmationPage({ search }: { search: PinScreenSearch }) {
  const { t } = useAuthTranslation();
  const navigate = useNavigate();
  if (!search.code || (!search.username && !search.phone)) {
    return (
      <AuthPage title={t('pin.title')}>
        <Stack gap="sm" role="alert">
          <Text>{t('pin.missing')}</Text>
          <LinkToRegister />
        </Stack>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t('pin.title')}>
      <PinConfirmation
        search={search}
        onDestinationChange={(next) => void navigate({ href: pinScreenHref(next), replace: true })}
        // spec 2 §4: signed in, then to the given target.
        onActivated={() => void navigate({ href: safeNextPath(search.next), replace: true })}
      />
      <Text size="xs" c="dimmed" ta="center">
        {t('pin.help')}{' '}
        <Anchor component={Link} to="/password/reset/" size="xs">
          {t('pin.resetPassword')}
        </Anchor>
      </Text>
    </AuthPage>
  );
}
