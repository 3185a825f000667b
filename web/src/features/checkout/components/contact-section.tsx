import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useUpdateContact } from '../api/update-contact';
import type { Checkout } from '../api/types';
import { DIAL_CODES, type ContactValues, type PhoneCountry } from '../lib/contact';
import { checkoutErrorKey, isExpiredError } from '../lib/errors';
import { forgetGuestContact } from '../lib/guest-contact';
import type { CheckoutT } from '../i18n/texts';
import { ContactForm } from './contact-form';

interface Props {
  checkout: Checkout;
  /** What the form starts with when the checkout has no contact yet (the guest's, or the profile's). */
  suggested: ContactValues;
  t: CheckoutT;
  onExpired: () => void;
}

/** spec 3 §2 'contact' for a signed-in shopper: `PUT /checkout/{id}/contact`, then a summary with 'Editar'. */
export function ContactSection({ checkout, suggested, t, onExpired }: Props) {
  const [editing, setEditing] = useState(checkout.contact === null);
  const save = useUpdateContact(checkout.id);

  if (!editing && checkout.contact) {
    const { name, email, phone, phone_country } = checkout.contact;
    const dial = DIAL_CODES[phone_country as PhoneCountry];
    return (
      <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="contact-summary">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            {name}
          </Text>
          <Text size="sm" c="dimmed" truncate="end">
            {email}
          </Text>
          <Text size="sm" c="dimmed">
            {dial ? `+${dial} ` : `${phone_country} `}
            {phone}
          </Text>
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)} data-testid="contact-edit">
          {t('contact.edit')}
        </Button>
      </Group>
    );
  }

  return (
    <Stack gap="sm">
      <ContactForm
        initial={checkout.contact ?? suggested}
        t={t}
        submitLabel={save.isPending ? t('contact.saving') : t('contact.save')}
        busy={save.isPending}
        onSubmit={(values) =>
          save.mutate(values, {
            onSuccess: () => {
              forgetGuestContact();
              setEditing(false);
              notifications.show({ color: 'teal', message: t('contact.saved'), autoClose: 4000 });
            },
            onError: (error) => {
              if (isExpiredError(error)) onExpired();
            },
          })
        }
        extraActions={
          checkout.contact ? (
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('contact.cancel')}
            </Button>
          ) : null
        }
      />
      {save.isError && (
        <Alert color="red" title={t('errors.title')} data-testid="contact-error">
          {t(checkoutErrorKey(save.error))}
        </Alert>
      )}
    </Stack>
  );
}
