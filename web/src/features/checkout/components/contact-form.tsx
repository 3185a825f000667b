import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import {
  cleanContact,
  DIAL_CODES,
  isBlockedEmailKey,
  NAME_MAX,
  normalizePhoneInput,
  PHONE_COUNTRIES,
  phoneMaxLength,
  stripWhitespace,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from '../lib/contact';
import type { CheckoutT } from '../i18n/texts';

interface Props {
  initial: ContactValues;
  t: CheckoutT;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: ContactValues) => void;
  /** A message the server or the accounts API gave for the e-mail (e.g. the user already exists). */
  emailError?: string | null;
  onEmailChange?: () => void;
  /** More buttons beside the submit one (cancel, sign in). */
  extraActions?: ReactNode;
}

/**
 * spec 3 §5 contact: name, e-mail and phone with its country. Whitespace never enters the e-mail or the phone
 * (typed or pasted), the space key does nothing in the e-mail, and the phone stops at its country's maximum length.
 */
export function ContactForm({ initial, t, submitLabel, busy, onSubmit, emailError, onEmailChange, extraActions }: Props) {
  const [values, setValues] = useState<ContactValues>(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const update = (patch: Partial<ContactValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateContact(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(cleanContact(values));
  };

  const message = (field: keyof ContactValues): string | null => {
    const key = errors[field];
    if (!key) return null;
    return t(`validation.${key}`, { max: NAME_MAX });
  };

  const countries = PHONE_COUNTRIES.map((code) => ({ value: code, label: `${code} +${DIAL_CODES[code]}` }));

  return (
    <form onSubmit={submit} noValidate data-testid="checkout-contact-form">
      <Stack gap="sm">
        <TextInput
          label={t('contact.name')}
          value={values.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          error={message('name')}
          autoComplete="name"
          maxLength={NAME_MAX}
          required
          data-testid="contact-name"
        />
        <TextInput
          label={t('contact.email')}
          type="email"
          inputMode="email"
          value={values.email}
          onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
            if (isBlockedEmailKey(event.key)) event.preventDefault();
          }}
          onChange={(event) => {
            onEmailChange?.();
            update({ email: stripWhitespace(event.currentTarget.value) });
          }}
          error={message('email') ?? emailError ?? null}
          autoComplete="email"
          required
          data-testid="contact-email"
        />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Select
            label={t('contact.country')}
            data={countries}
            value={values.phone_country}
            onChange={(value) => value && update({ phone_country: value, phone: normalizePhoneInput(values.phone, value) })}
            allowDeselect={false}
            w={130}
            comboboxProps={{ withinPortal: true }}
            data-testid="contact-phone-country"
          />
          <TextInput
            label={t('contact.phone')}
            type="tel"
            inputMode="tel"
            value={values.phone}
            onChange={(event) => update({ phone: normalizePhoneInput(event.currentTarget.value, values.phone_country) })}
            maxLength={phoneMaxLength(values.phone_country)}
            error={message('phone')}
            autoComplete="tel-national"
            required
            flex={1}
            data-testid="contact-phone"
          />
        </Group>
        <Group gap="xs">
          <Button type="submit" loading={busy} data-testid="contact-submit">
            {submitLabel}
          </Button>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
