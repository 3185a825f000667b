import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { ErrorCodes, PIN_TTL_SECONDS, type ActivationResponse, type Locale, type PinActivationRequest } from '@vitrina/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { isLocale } from '@/i18n/locales';
import { useActivateWithPin } from '../api/activate-with-pin';
import { useResendPin } from '../api/resend-pin';
import { errorCodeOf } from '../domain/auth-errors';
import { displayPhone, formatPhone } from '../domain/phone';
import type { PinScreenSearch } from '../domain/pin-screen-search';
import { validatePassword, validatePin } from '../domain/registration';
import { forgetRegistrationPassword, registrationPassword } from '../session/pending-registration';
import { EditContactModal, type ContactChange } from './edit-contact-modal';
import { notifyFailure, notifySuccess, REGISTRATION_NOTICE_MS } from './notify';
import { PinField } from './pin-field';

interface PinConfirmationProps {
  search: PinScreenSearch;
  /** The destination changed (Edit, or the other channel): the page keeps it in its URL. */
  onDestinationChange: (search: PinScreenSearch) => void;
  /** Signed in: the page goes on (to `next`, or elsewhere). */
  onActivated: (answer: ActivationResponse) => void;
}

const PIN_ERRORS: readonly string[] = [ErrorCodes.invalidPin, ErrorCodes.expiredPin];

/**
 * spec 2 §2 PIN confirmation: 'confirm details', the phone (with + country code) or e-mail with an Edit
 * button, the six-digit PIN, Continue, Skip PIN when allowed, Resend PIN with its expiry note, and a link to
 * register with the other channel.
 */
export function PinConfirmation({ search, onDestinationChange, onActivated }: PinConfirmationProps) {
  const { t, i18n } = useAuthTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'es';
  const activate = useActivateWithPin();
  const resend = useResendPin();
  const [pin, setPin] = useState('');
  const [pinError, setPinError] = useState<string | null>(null);
  const [skipping, setSkipping] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [editing, setEditing] = useState<'email' | 'phone' | null>(null);

  const { code, type } = search;
  const byPhone = type === 'phone';
  const destination = byPhone ? displayPhone(search.country_code ?? '', search.phone ?? '', search.country) : (search.username ?? '');
  const other = byPhone ? 'email' : 'phone';
  const contact: Partial<PinActivationRequest> = byPhone
    ? { phone: search.phone, country: search.country, country_code: search.country_code }
    : { username: search.username, email: search.username };
  const rememberedPassword = registrationPassword(code);

  const run = (body: PinActivationRequest) =>
    activate.mutate(
      { body: { code, type, ...contact, ...(search.full_name ? { full_name: search.full_name } : {}), ...body }, locale },
      {
        onSuccess: (answer) => {
          forgetRegistrationPassword(code);
          notifySuccess(answer.notification.payload.message || t('pin.activated'), REGISTRATION_NOTICE_MS);
          onActivated(answer);
        },
        onError: (error) => {
          if (PIN_ERRORS.includes(errorCodeOf(error) ?? '')) {
            setPin('');
            setPinError(t('errors.invalid_pin'));
          }
          notifyFailure(t, error);
        },
      },
    );

  const submitPin = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePin(pin);
    setPinError(problem ? t(problem) : null);
    if (!problem) run({ pin });
  };

  const skip = () => {
    // spec 2 §5: without the PIN the password is required (the one typed at registration, when still known).
    const pass = rememberedPassword ?? password;
    const problem = validatePassword(pass);
    if (problem) {
      setSkipping(true);
      setPasswordError(rememberedPassword || password ? t(problem) : null);
      return;
    }
    setPasswordError(null);
    run({ password: pass });
  };

  const sendAgain = (change?: ContactChange) => {
    const target =
      change ??
      (byPhone
        ? { type: 'phone' as const, phone: search.phone ?? '', country: search.country ?? '', country_code: search.country_code ?? '' }
        : { type: 'email' as const, email: search.username ?? '' });
    const body =
      target.type === 'email'
        ? { code, type: 'email' as const, email: target.email, username: target.email }
        : { code, type: 'phone' as const, phone: target.phone, country: target.country, country_code: target.country_code };
    resend.mutate(
      { body, locale },
      {
        onSuccess: () => {
          const to = target.type === 'phone' ? displayPhone(target.country_code, target.phone, target.country) : target.email;
          notifySuccess(
            t(target.type === 'phone' ? 'pin.sentSms' : 'pin.sentEmail', { destination: to }),
            REGISTRATION_NOTICE_MS,
            t('pin.sentTitle'),
          );
          setPin('');
          setPinError(null);
          setEditing(null);
          if (change) {
            const { username: _username, phone: _phone, country: _country, country_code: _countryCode, ...rest } = search;
            onDestinationChange(
              target.type === 'email'
                ? { ...rest, type: 'email', username: target.email }
                : { ...rest, type: 'phone', phone: target.phone, country: target.country, country_code: target.country_code },
            );
          }
        },
        onError: (error) => notifyFailure(t, error),
      },
    );
  };

  const busy = activate.isPending;

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="dimmed">
          {t(byPhone ? 'pin.sentToPhone' : 'pin.sentToEmail')}
        </Text>
        <Group gap="xs" wrap="nowrap" justify="space-between" align="center">
          <Text fw={600} size="md" flex={1} miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="pin-destination">
            {destination}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t(byPhone ? 'pin.editPhone' : 'pin.editEmail')}
            style={{ flexShrink: 0 }}
            onClick={() => setEditing(type)}
          >
            {t('pin.edit.button')}
          </Button>
        </Group>
      </div>

      <form onSubmit={submitPin} noValidate>
        <Stack gap="md">
          <PinField
            label={t('pin.label')}
            value={pin}
            autoFocus
            disabled={busy}
            error={pinError}
            onChange={(value) => {
              setPin(value);
              if (pinError) setPinError(null);
            }}
          />
          {skipping && !rememberedPassword && (
            <PasswordInput
              label={t('pin.skipPassword')}
              autoComplete="current-password"
              value={password}
              error={passwordError}
              autoFocus
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          )}
          <Button type="submit" fullWidth loading={busy && !skipping} disabled={busy}>
            {t('pin.continue')}
          </Button>
          {search.can_skip_pin && (
            <Button variant="default" fullWidth onClick={skip} loading={busy && skipping} disabled={busy}>
              {t('pin.skip')}
            </Button>
          )}
        </Stack>
      </form>

      <Stack gap={4} align="center">
        <Group gap={6} justify="center">
          <Text size="sm">{t('pin.notReceived')}</Text>
          <Anchor component="button" type="button" size="sm" onClick={() => sendAgain()} disabled={resend.isPending}>
            {t('pin.resend')}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" ta="center">
          {t('pin.expiry', { minutes: PIN_TTL_SECONDS / 60 })}
        </Text>
      </Stack>

      <Text size="sm" ta="center">
        <Anchor component="button" type="button" size="sm" onClick={() => setEditing(other)}>
          {t(other === 'phone' ? 'pin.usePhone' : 'pin.useEmail')}
        </Anchor>
      </Text>

      {editing && (
        <EditContactModal
          opened
          channel={editing}
          locale={locale}
          initialEmail={editing === 'email' && !byPhone ? search.username : undefined}
          initialPhone={
            editing === 'phone' && byPhone && search.phone && search.country && search.country_code
              ? { phone: formatPhone(search.phone, search.country), country: search.country, country_code: search.country_code }
              : undefined
          }
          submitting={resend.isPending}
          onClose={() => setEditing(null)}
          onSubmit={(change) => sendAgain(change)}
        />
      )}
    </Stack>
  );
}
