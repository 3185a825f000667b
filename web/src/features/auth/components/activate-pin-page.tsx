import { Button, PasswordInput, Stack } from '@mantine/core';
import { ErrorCodes, type Locale } from '@vitrina/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { isLocale } from '@/i18n/locales';
import { activateWithPin } from '../api/activate-with-pin';
import { errorCodeOf } from '../domain/auth-errors';
import { safeNextPath } from '../domain/next-path';
import { stripSpaces } from '../domain/phone';
import { validateEmail, validatePassword, validatePin } from '../domain/registration';
import { sessionStore } from '@/lib/session/session-store';
import { AuthPage } from './auth-page';
import { EmailInput } from './email-input';
import { ForgotPasswordHint } from './forgot-password-hint';
import { notifyFailure, notifySuccess, REGISTRATION_NOTICE_MS } from './notify';
import { PinField } from './pin-field';

const PIN_ERRORS: readonly string[] = [ErrorCodes.invalidPin, ErrorCodes.expiredPin];

interface Errors {
  username?: string | null;
  pin?: string | null;
  password?: string | null;
}

/**
 * spec 2 §2 'Activate/PIN form' at `/activate/pin/` (reached without the registration code, say on another
 * device): the e-mail, the 6-digit PIN and an optional new password. spec 2 §5: username and PIN required.
 * Once active the user is signed in and goes on to `next` (or home).
 */
export function ActivatePinPage({ username: initialUsername = '', next }: { username?: string | undefined; next?: string | undefined }) {
  const { t, i18n } = useAuthTranslation();
  const locale: Locale = isLocale(i18n.language) ? i18n.language : 'es';
  const navigate = useNavigate();
  const [username, setUsername] = useState(initialUsername);
  const [pin, setPin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      username: validateEmail(username),
      pin: validatePin(pin),
      // The new password is optional; when given it follows the password rules.
      password: password ? validatePassword(password) : null,
    };
    setErrors({
      username: problems.username && t(problems.username),
      pin: problems.pin && t(problems.pin),
      password: problems.password && t(problems.password),
    });
    if (problems.username || problems.pin || problems.password) return;
    const email = stripSpaces(username).toLowerCase();
    setBusy(true);
    try {
      const answer = await activateWithPin({ type: 'email', username: email, email, pin, ...(password ? { password } : {}) }, locale);
      sessionStore.signIn(answer.auth.payload);
      notifySuccess(answer.notification.payload.message || t('pin.activated'), REGISTRATION_NOTICE_MS);
      void navigate({ href: safeNextPath(next), replace: true });
    } catch (error) {
      if (PIN_ERRORS.includes(errorCodeOf(error) ?? '')) {
        setPin('');
        setErrors((current) => ({ ...current, pin: t('errors.invalid_pin') }));
      }
      notifyFailure(t, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthPage title={t('activatePin.title')} description={t('activatePin.text')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <EmailInput
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            autoComplete="username"
            required
            value={username}
            error={errors.username}
            onChange={setUsername}
          />
          <PinField
            label={t('pin.label')}
            value={pin}
            disabled={busy}
            error={errors.pin}
            onChange={(value) => {
              setPin(value);
              if (errors.pin) setErrors((current) => ({ ...current, pin: null }));
            }}
          />
          <PasswordInput
            label={t('activatePin.newPassword')}
            description={t('activatePin.newPasswordHint')}
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={busy} disabled={busy}>
            {t('activatePin.submit')}
          </Button>
          <ForgotPasswordHint />
        </Stack>
      </form>
    </AuthPage>
  );
}
