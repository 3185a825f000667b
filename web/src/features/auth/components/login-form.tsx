import { Alert, Anchor, Button, Group, PasswordInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { AccountsErrorCodes, ErrorCodes, type Channel, type Locale } from '@vitrina/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import type { TFunction } from 'i18next';
import { isLocale } from '@/i18n/locales';
import { useResendActivation } from '../api/resend-activation';
import { useSignIn, type SignInRequest } from '../api/sign-in';
import { authErrorMessageKey, errorCodeOf, formatWait, retryAfterOf } from '../domain/auth-errors';
import { safeNextPath } from '../domain/next-path';
import { defaultPhoneCountry, phoneDigits, stripSpaces } from '../domain/phone';
import { validateEmail, validatePhone } from '../domain/registration';
import { EmailInput } from './email-input';
import { notifyFailure, notifySuccess } from './notify';
import { PhoneInput } from './phone-input';

interface LoginValues {
  channel: Channel;
  email: string;
  phone: string;
  country: string;
  country_code: string;
  password: string;
}

export interface LoginFormProps {
  next?: string;
  onSwitchToRegister: () => void;
  onDone?: () => void;
}

/** Log-in with e-mail or phone and password (spec 2 §2: login and register modals toggle). */
export function LoginForm({ next, onSwitchToRegister, onDone }: LoginFormProps) {
  const { t, i18n } = useAuthTranslation();
  const navigate = useNavigate();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'es';
  const signIn = useSignIn();
  const resend = useResendActivation();

  const form = useForm<LoginValues>({
    initialValues: { channel: 'email', email: '', phone: '', ...defaultPhoneCountry(locale), password: '' },
    validate: (values) => {
      const contact = values.channel === 'email' ? validateEmail(values.email) : validatePhone(values.phone, values.country);
      return {
        [values.channel]: contact ? t(contact) : null,
        password: values.password ? null : t('validation.required'),
      };
    },
  });
  const { channel } = form.values;

  const submit = form.onSubmit(async (values) => {
    const body: SignInRequest =
      values.channel === 'email'
        ? { username: stripSpaces(values.email).toLowerCase(), password: values.password, locale }
        : {
            username: phoneDigits(values.phone),
            phone: phoneDigits(values.phone),
            country: values.country,
            country_code: values.country_code,
            password: values.password,
            locale,
          };
    // Not `mutate(body, { onSuccess })`: signing in swaps the header's log-in buttons (and this modal with them)
    // for the avatar before such per-call callbacks run, and React Query drops them once the form unmounts.
    try {
      await signIn.mutateAsync(body);
    } catch {
      return; // shown in the form (signIn.error)
    }
    notifySuccess(t('login.welcome'));
    onDone?.();
    if (next) void navigate({ href: safeNextPath(next) });
  });

  const code = errorCodeOf(signIn.error);
  const inactive = code === AccountsErrorCodes.userNotActive;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          aria-label={t('login.channel')}
          data={[
            { value: 'email', label: t('login.byEmail') },
            { value: 'phone', label: t('login.byPhone') },
          ]}
          value={channel}
          onChange={(value) => form.setFieldValue('channel', value)}
        />
        {channel === 'email' ? (
          <EmailInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            autoComplete="username"
            required
            data-autofocus
            value={form.values.email}
            error={form.errors.email}
            onChange={(value) => form.setFieldValue('email', value)}
          />
        ) : (
          <PhoneInput
            required
            value={{ phone: form.values.phone, country: form.values.country, country_code: form.values.country_code }}
            error={form.errors.phone as string | undefined}
            onChange={(value) => form.setValues(value)}
          />
        )}
        <PasswordInput label={t('fields.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-8}>
          <Anchor component={Link} to="/password/reset/" size="sm" onClick={() => onDone?.()}>
            {t('login.forgot')}
          </Anchor>
        </Group>
        {signIn.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            <Stack gap={6}>
              <Text size="sm">{signInErrorText(t, signIn.error, i18n.language)}</Text>
              {inactive && channel === 'email' && (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(
                      { username: stripSpaces(form.values.email).toLowerCase(), locale },
                      { onSuccess: () => notifySuccess(t('activation.resent')), onError: (error) => notifyFailure(t, error) },
                    )
                  }
                >
                  {t('activation.resend')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}
        <Button type="submit" fullWidth loading={signIn.isPending} disabled={signIn.isPending}>
          {t('login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={onSwitchToRegister}>
            {t('login.toRegister')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** The refusal's message; a throttled sign-in also says how long to wait (the server's Retry-After). */
function signInErrorText(t: TFunction<'auth'>, error: unknown, language: string): string {
  const wait = retryAfterOf(error);
  if (wait !== null && errorCodeOf(error) === ErrorCodes.rateLimited)
    return t('errors.rate_limited_wait', { wait: formatWait(wait, language) });
  return t(authErrorMessageKey(error));
}
