import { Anchor, Button, PasswordInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { PASSWORD_MAX_LENGTH, PIN_TTL_SECONDS, type Channel, type Locale, type PasswordResetRequested } from '@vitrina/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { isLocale } from '@/i18n/locales';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { useRequestPasswordReset, type PasswordResetRequest } from '../api/request-password-reset';
import { defaultPhoneCountry, displayPhone, phoneDigits, stripSpaces, type PhoneValue } from '../domain/phone';
import { validateEmail, validatePassword, validatePhone, validatePin } from '../domain/registration';
import { AuthPage } from './auth-page';
import { EmailInput } from './email-input';
import { notifyFailure, notifySuccess, REGISTRATION_NOTICE_MS } from './notify';
import { PhoneInput } from './phone-input';
import { PinField } from './pin-field';

/** `/password/reset/`: a code by e-mail or SMS, then the new password. */
export function PasswordResetPage() {
  const { t, i18n } = useAuthTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'es';
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const confirm = useConfirmPasswordReset();
  const [channel, setChannel] = useState<Channel>('email');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<PhoneValue>({ phone: '', ...defaultPhoneCountry(locale) });
  const [requested, setRequested] = useState<(PasswordResetRequested & { destination: string }) | null>(null);
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const [done, setDone] = useState(false);

  const destinationOf = () =>
    channel === 'email' ? stripSpaces(email).toLowerCase() : displayPhone(phone.country_code, phone.phone, phone.country);

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    const problem = channel === 'email' ? validateEmail(email) : validatePhone(phone.phone, phone.country);
    setErrors({ contact: problem ? t(problem) : null });
    if (problem) return;
    const body: PasswordResetRequest =
      channel === 'email'
        ? { type: 'email', username: stripSpaces(email).toLowerCase() }
        : {
            type: 'phone',
            username: phoneDigits(phone.phone),
            phone: phoneDigits(phone.phone),
            country: phone.country,
            country_code: phone.country_code,
          };
    const destination = destinationOf();
    request.mutate(
      { body, locale },
      {
        onSuccess: (answer) => {
          setRequested({ ...answer, destination });
          setPin('');
          notifySuccess(
            t(channel === 'phone' ? 'pin.sentSms' : 'pin.sentEmail', { destination }),
            REGISTRATION_NOTICE_MS,
            t('reset.sentTitle'),
          );
        },
        onError: (error) => notifyFailure(t, error),
      },
    );
  };

  const savePassword = (event: FormEvent) => {
    event.preventDefault();
    if (!requested) return;
    const pinProblem = validatePin(pin);
    const passwordProblem = validatePassword(password);
    const repeatProblem = repeat === password ? null : 'validation.passwordsDiffer';
    setErrors({
      pin: pinProblem ? t(pinProblem) : null,
      password: passwordProblem ? t(passwordProblem) : null,
      repeat: repeatProblem ? t(repeatProblem) : null,
    });
    if (pinProblem || passwordProblem || repeatProblem) return;
    confirm.mutate(
      { body: { code: requested.code, pin, password }, locale },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.notification.payload.message || t('reset.done'));
          setDone(true);
        },
        onError: (error) => {
          setPin('');
          notifyFailure(t, error);
        },
      },
    );
  };

  if (done) {
    // The service signs the user in with the new password (every other session ended).
    return (
      <AuthPage title={t('reset.doneTitle')}>
        <Text>{t('reset.doneText')}</Text>
        <Button onClick={() => void navigate({ to: '/' })}>{t('activation.continue')}</Button>
      </AuthPage>
    );
  }

  if (requested) {
    return (
      <AuthPage
        title={t('reset.newPasswordTitle')}
        description={
          <>
            {t('reset.codeSentTo')} <strong>{requested.destination}</strong>
          </>
        }
      >
        <form onSubmit={savePassword} noValidate>
          <Stack gap="md">
            <PinField
              label={t('reset.codeLabel')}
              value={pin}
              onChange={setPin}
              error={errors.pin}
              autoFocus
              disabled={confirm.isPending}
            />
            <PasswordInput
              label={t('reset.newPassword')}
              description={t('fields.passwordHint')}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              error={errors.password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <PasswordInput
              label={t('reset.repeatPassword')}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={repeat}
              error={errors.repeat}
              onChange={(event) => setRepeat(event.currentTarget.value)}
            />
            <Button type="submit" loading={confirm.isPending} disabled={confirm.isPending}>
              {t('reset.save')}
            </Button>
            <Stack gap={2} align="center">
              <Anchor component="button" type="button" size="sm" onClick={() => sendCode()} disabled={request.isPending}>
                {t('reset.resend')}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t('pin.expiry', { minutes: PIN_TTL_SECONDS / 60 })}
              </Text>
              <Anchor component="button" type="button" size="sm" onClick={() => setRequested(null)}>
                {t('reset.changeDestination')}
              </Anchor>
            </Stack>
          </Stack>
        </form>
      </AuthPage>
    );
  }

  return (
    <AuthPage title={t('reset.title')} description={t('reset.text')}>
      <form onSubmit={sendCode} noValidate>
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            aria-label={t('reset.channel')}
            data={[
              { value: 'email', label: t('reset.byEmail') },
              { value: 'phone', label: t('reset.byPhone') },
            ]}
            value={channel}
            onChange={(value) => setChannel(value)}
          />
          {channel === 'email' ? (
            <EmailInput label={t('fields.email')} required data-autofocus value={email} error={errors.contact} onChange={setEmail} />
          ) : (
            <PhoneInput required value={phone} error={errors.contact} onChange={setPhone} />
          )}
          <Button type="submit" loading={request.isPending} disabled={request.isPending}>
            {t('reset.send')}
          </Button>
        </Stack>
      </form>
    </AuthPage>
  );
}
