import { Button, Stack } from '@mantine/core';
import type { Locale } from '@vitrina/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { isLocale } from '@/i18n/locales';
import { useResendActivation } from '../api/resend-activation';
import { stripSpaces } from '../domain/phone';
import { validateEmail } from '../domain/registration';
import { EmailInput } from './email-input';
import { ForgotPasswordHint } from './forgot-password-hint';
import { notifyFailure, notifySuccess } from './notify';

/**
 * spec 2 §2 activation form: the e-mail and a resend-activation button, with a 'forgot password / reset it'
 * link. spec 2 §4: on success, go to /.
 */
export function ActivationResendForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { t, i18n } = useAuthTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'es';
  const navigate = useNavigate();
  const resend = useResendActivation();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email);
    setError(problem ? t(problem) : null);
    if (problem) return;
    resend.mutate(
      { username: stripSpaces(email).toLowerCase(), locale },
      {
        onSuccess: () => {
          notifySuccess(t('activation.resent'));
          void navigate({ to: '/' });
        },
        onError: (failure) => notifyFailure(t, failure),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <EmailInput label={t('fields.email')} required value={email} error={error} onChange={setEmail} />
        <Button type="submit" loading={resend.isPending} disabled={resend.isPending}>
          {t('activation.resend')}
        </Button>
        <ForgotPasswordHint />
      </Stack>
    </form>
  );
}
