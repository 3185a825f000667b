import { Anchor, Button, PasswordInput, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ErrorCodes, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, type Locale, type RegistrationResponse } from '@vitrina/contracts';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { isLocale } from '@/i18n/locales';
import { readCookie } from '@/lib/cookies';
import { useActivateWithPin } from '../api/activate-with-pin';
import { useCheckUserExists } from '../api/check-user-exists';
import { useRegisterUser } from '../api/register-user';
import { activationUrl } from '../api/resend-activation';
import { authErrorMessageKey, fieldOfError } from '../domain/auth-errors';
import { safeNextPath } from '../domain/next-path';
import { defaultPhoneCountry, displayPhone, internationalNumber } from '../domain/phone';
import { pinScreenHref, searchHref } from '../domain/pin-screen-search';
import {
  availabilityRequest,
  buildRegistrationRequest,
  validateRegistration,
  validateEmail,
  validatePhone,
  type RegistrationExtras,
  type RegistrationFormValues,
} from '../domain/registration';
import { rememberRegistrationPassword } from '../session/pending-registration';
import type { AuthModalOptions } from '@/lib/auth-modal-store';
import { EmailInput } from './email-input';
import { notifyFailure, notifySuccess, REGISTRATION_NOTICE_MS } from './notify';
import { PhoneInput } from './phone-input';

export interface RegistrationFormProps extends AuthModalOptions {
  /** 'already have an account': in the modal it switches to log-in; inline it opens the log-in modal. */
  onSwitchToLogin: () => void;
  /** Called once the user is signed in or sent to the PIN step (the modal closes). */
  onDone?: () => void;
}

/** Affiliate parameters stored as cookies by the marketing pages (spec 2 §3: read referralID, campaign, clickID). */
function affiliateExtras(): RegistrationExtras {
  const referral = readCookie('referralID');
  const campaign = readCookie('campaign');
  const clickId = readCookie('clickID');
  return {
    ...(referral ? { referral } : {}),
    ...(campaign ? { campaign } : {}),
    ...(clickId ? { click_id: clickId } : {}),
  };
}

/**
 * spec 2 §2 registration form (modal or inline): optional title, full name, e-mail or phone, password, and
 * the 'already have an account' link. With store creation on sign-up it starts in phone mode, says
 * 'create store now' and does not offer the other channel; the 'complete' variant also starts with the phone.
 */
export function RegistrationForm({ withTitle, next, store, createStoreOnSignup, variant, onSwitchToLogin, onDone }: RegistrationFormProps) {
  const { t, i18n } = useAuthTranslation();
  const navigate = useNavigate();
  const router = useRouter();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'es';
  const register = useRegisterUser();
  const activate = useActivateWithPin();
  const exists = useCheckUserExists();
  const [finishing, setFinishing] = useState(false);
  const lockedToPhone = createStoreOnSignup === true;

  const form = useForm<RegistrationFormValues>({
    initialValues: {
      channel: lockedToPhone || variant === 'complete' ? 'phone' : 'email',
      full_name: '',
      email: '',
      phone: '',
      ...defaultPhoneCountry(locale),
      password: '',
    },
    validate: (values) => {
      const errors = validateRegistration(values);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
  });
  const { channel } = form.values;

  /** spec 2 §5: availability check on blur; 'The user already exists' on the phone or e-mail field. */
  const checkAvailability = (field: 'email' | 'phone') => {
    const values = form.getValues();
    if ((field === 'email' ? validateEmail(values.email) : validatePhone(values.phone, values.country)) !== null) return;
    exists.mutate(availabilityRequest({ ...values, channel: field }), {
      onSuccess: ({ exist }) => {
        if (exist && form.getValues()[field] === values[field]) form.setFieldError(field, t('errors.existing_user'));
      },
    });
  };

  const goToPinStep = (answer: RegistrationResponse, values: RegistrationFormValues) => {
    rememberRegistrationPassword(answer.code, values.password);
    const destination = answer.type === 'phone' ? displayPhone(values.country_code, values.phone, values.country) : answer.username;
    // spec 2 §4: a 7 s toast says the SMS or e-mail was sent.
    notifySuccess(
      t(answer.type === 'phone' ? 'pin.sentSms' : 'pin.sentEmail', { destination }),
      REGISTRATION_NOTICE_MS,
      t('pin.sentTitle'),
    );
    // spec 2 §2, §4: by phone, the SMS registration's landing /register/complete/ (code, number, username, page).
    if (answer.type === 'phone') {
      void navigate({
        href: searchHref('/register/complete/', {
          code: answer.code,
          number: internationalNumber(values),
          username: answer.username,
          page: safeNextPath(next ?? router.state.location.href),
        }),
      });
      return;
    }
    void navigate({
      href: pinScreenHref({
        code: answer.code,
        can_skip_pin: answer.can_skip_pin,
        type: answer.type,
        username: answer.username,
        full_name: values.full_name.trim(),
        // spec 2 §4: once active, to the given target or back to where the registration started.
        next: safeNextPath(next ?? router.state.location.href),
      }),
    });
  };

  const submit = form.onSubmit(async (values) => {
    const body = buildRegistrationRequest(values, locale, {
      ...affiliateExtras(),
      ...(store ? { store } : {}),
      ...(variant ? { signup_form: variant } : {}),
      activation_url: activationUrl(),
    });
    let answer: RegistrationResponse;
    try {
      answer = await register.mutateAsync(body);
    } catch (error) {
      const field = fieldOfError(error, values.channel);
      if (field && field in values) form.setFieldError(field, t(authErrorMessageKey(error)));
      else notifyFailure(t, error);
      return;
    }
    setFinishing(true);
    try {
      if (answer.can_skip_pin) {
        // spec 2 §4: with can_skip_pin the user is activated at once (no PIN, the password just typed).
        try {
          const contact =
            body.type === 'phone'
              ? { phone: body.phone, country: body.country, country_code: body.country_code }
              : { username: body.username };
          const activated = await activate.mutateAsync({
            body: { code: answer.code, type: answer.type, password: values.password, full_name: body.full_name, ...contact },
            locale,
          });
          notifySuccess(activated.notification?.payload?.message || t('pin.activated'), REGISTRATION_NOTICE_MS);
          onDone?.();
          if (next) void navigate({ href: safeNextPath(next) });
          return;
        } catch (error) {
          if ((error as { code?: string }).code === ErrorCodes.userAlreadyExists) {
            notifyFailure(t, error);
            return;
          }
          // Otherwise the PIN step still works.
        }
      }
      goToPinStep(answer, values);
      onDone?.();
    } finally {
      setFinishing(false);
    }
  });

  const submitting = register.isPending || activate.isPending || finishing;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {withTitle && (
          <Title order={2} size="h3">
            {t('register.title')}
          </Title>
        )}
        {!lockedToPhone && (
          <SegmentedControl
            fullWidth
            aria-label={t('register.channel')}
            data={[
              { value: 'email', label: t('register.byEmail') },
              { value: 'phone', label: t('register.byPhone') },
            ]}
            value={channel}
            onChange={(value) => form.setFieldValue('channel', value)}
          />
        )}
        <TextInput
          label={t('fields.fullName')}
          autoComplete="name"
          maxLength={FULL_NAME_MAX_LENGTH}
          required
          {...form.getInputProps('full_name')}
        />
        {channel === 'email' ? (
          <EmailInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            required
            value={form.values.email}
            error={form.errors.email}
            onChange={(value) => form.setFieldValue('email', value)}
            onBlur={() => checkAvailability('email')}
          />
        ) : (
          <PhoneInput
            required
            value={{ phone: form.values.phone, country: form.values.country, country_code: form.values.country_code }}
            error={form.errors.phone as string | undefined}
            onChange={(value) => form.setValues(value)}
            onBlur={() => checkAvailability('phone')}
          />
        )}
        <PasswordInput
          label={t('fields.password')}
          description={t('fields.passwordHint')}
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          required
          {...form.getInputProps('password')}
        />
        <Text size="xs" c="dimmed">
          {t('register.terms')}{' '}
          <Anchor href="/terms" size="xs" target="_blank">
            {t('register.termsLink')}
          </Anchor>
        </Text>
        <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
          {lockedToPhone ? t('register.createStoreNow') : t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.haveAccount')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={onSwitchToLogin}>
            {t('register.toLogin')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
