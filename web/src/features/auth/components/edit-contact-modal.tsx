import { Button, Modal, Stack, Text } from '@mantine/core';
import type { Channel, Locale } from '@vitrina/contracts';
import { useState, type FormEvent } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { defaultPhoneCountry, phoneDigits, stripSpaces, type PhoneValue } from '../domain/phone';
import { validateEmail, validatePhone } from '../domain/registration';
import { EmailInput } from './email-input';
import { PhoneInput } from './phone-input';

export type ContactChange = { type: 'email'; email: string } | ({ type: 'phone' } & PhoneValue);

interface EditContactModalProps {
  opened: boolean;
  /** The channel being edited: the current one (Edit) or the other one (register with the other channel). */
  channel: Channel;
  locale: Locale;
  initialEmail?: string | undefined;
  initialPhone?: PhoneValue | undefined;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (change: ContactChange) => void;
}

/**
 * spec 2 §2 PIN confirmation 'Edit': an overlay form to change the e-mail or the phone, with an Update
 * button and a close button. Updating sends a new PIN to the new destination (spec 2 §4).
 */
export function EditContactModal({
  opened,
  channel,
  locale,
  initialEmail,
  initialPhone,
  submitting,
  onClose,
  onSubmit,
}: EditContactModalProps) {
  const { t } = useAuthTranslation();
  const [email, setEmail] = useState(initialEmail ?? '');
  const [phone, setPhone] = useState<PhoneValue>(initialPhone ?? { phone: '', ...defaultPhoneCountry(locale) });
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = channel === 'email' ? validateEmail(email) : validatePhone(phone.phone, phone.country);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    onSubmit(
      channel === 'email'
        ? { type: 'email', email: stripSpaces(email).toLowerCase() }
        : { type: 'phone', ...phone, phone: phoneDigits(phone.phone) },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(channel === 'email' ? 'pin.edit.emailTitle' : 'pin.edit.phoneTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('pin.edit.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('pin.edit.text')}
          </Text>
          {channel === 'email' ? (
            <EmailInput label={t('fields.email')} required data-autofocus value={email} error={error} onChange={setEmail} />
          ) : (
            <PhoneInput required autoFocus value={phone} error={error} onChange={setPhone} />
          )}
          <Button type="submit" loading={submitting} disabled={submitting}>
            {t('pin.edit.update')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
