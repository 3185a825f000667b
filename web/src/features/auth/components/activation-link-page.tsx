import { Button, Loader, Stack, Text } from '@mantine/core';
import { ErrorCodes, type Locale } from '@vitrina/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { isLocale } from '@/i18n/locales';
import { useActivateWithLink } from '../api/activate-with-link';
import { authErrorMessageKey, errorCodeOf } from '../domain/auth-errors';
import { ActivationResendForm } from './activation-resend-form';
import { AuthPage } from './auth-page';
import { LinkToRegister } from './link-to-register';
import { notifySuccess, REGISTRATION_NOTICE_MS } from './notify';

const ALREADY_ACTIVE: readonly string[] = [ErrorCodes.userAlreadyActive, ErrorCodes.userAlreadyExists];

/** spec 2 §2 `/activate/{key}`: the link from the e-mail or SMS activates the account and signs the user in. */
export function ActivationLinkPage({ activationKey }: { activationKey: string }) {
  const { t, i18n } = useAuthTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'es';
  const navigate = useNavigate();
  const activation = useActivateWithLink();
  const { mutate } = activation;

  useEffect(() => {
    mutate(
      { key: activationKey, locale },
      { onSuccess: (answer) => notifySuccess(answer.notification.payload.message || t('pin.activated'), REGISTRATION_NOTICE_MS) },
    );
    // The key is spent once (activateWithLinkOnce); the locale or texts changing must not call again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activationKey, mutate]);

  if (activation.isSuccess) {
    return (
      <AuthPage title={t('activation.doneTitle')}>
        <Stack align="center" gap="md" role="status">
          <Text c="teal" aria-hidden>
            <IconCircleCheck size={56} stroke={1.5} />
          </Text>
          <Text ta="center">{t('activation.done')}</Text>
          <Button onClick={() => void navigate({ to: '/' })}>{t('activation.continue')}</Button>
        </Stack>
      </AuthPage>
    );
  }

  if (activation.isError) {
    const code = errorCodeOf(activation.error);
    if (code && ALREADY_ACTIVE.includes(code)) {
      return (
        <AuthPage title={t('activation.alreadyTitle')}>
          <Stack gap="md" role="alert">
            <Text>{t(authErrorMessageKey(activation.error))}</Text>
            <LinkToRegister view="login" />
          </Stack>
        </AuthPage>
      );
    }
    // An unknown, used or expired key (or a failed call): ask for a new link.
    return (
      <AuthPage title={t('activation.failedTitle')} description={<span role="alert">{t('activation.failed')}</span>}>
        <ActivationResendForm />
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('activation.activatingTitle')}>
      <Stack align="center" gap="md" py="md" role="status">
        <Loader />
        <Text c="dimmed">{t('activation.activating')}</Text>
      </Stack>
    </AuthPage>
  );
}
