import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { userExists } from '../api/check-user-exists';
import { defaultPhoneCountry, type ContactValues } from '../lib/contact';
import { recallGuestContact, rememberGuestContact } from '../lib/guest-contact';
import type { CheckoutT } from '../i18n/texts';
import { ContactForm } from './contact-form';

interface Props {
  t: CheckoutT;
  language: string;
  shopSlug: string;
}

/**
 * spec 3 §4 'Guest flow': a visitor who is not signed in gives their contact, then registers to continue (the
 * accounts feature's modal, with the code sent by e-mail or SMS). An e-mail that already has an account says so
 * ('The user already exists, please try a different one') and offers the sign-in instead. Once signed in, the
 * page goes on by itself with the contact kept.
 */
export function GuestCheckout({ t, language, shopSlug }: Props) {
  const [checking, setChecking] = useState(false);
  const [exists, setExists] = useState(false);
  const initial = recallGuestContact() ?? { name: '', email: '', phone: '', phone_country: defaultPhoneCountry(language) };

  const register = async (contact: ContactValues) => {
    rememberGuestContact(contact);
    setChecking(true);
    let found = false;
    try {
      found = await userExists(contact.email);
    } catch {
      // A failed check says nothing: the registration itself answers existing_user.
    } finally {
      setChecking(false);
    }
    setExists(found);
    if (!found) authModal.open('register', { withTitle: true, store: shopSlug });
  };

  return (
    <Card withBorder padding="lg" radius="md" maw={560} data-testid="checkout-guest">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {t('guest.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('guest.text')}
          </Text>
        </Stack>
        <ContactForm
          initial={initial}
          t={t}
          submitLabel={checking ? t('guest.checking') : t('guest.register')}
          busy={checking}
          onSubmit={(contact) => void register(contact)}
          emailError={exists ? t('guest.userExists') : null}
          onEmailChange={() => setExists(false)}
          extraActions={
            <Button
              variant="default"
              onClick={() => authModal.open('login', { store: shopSlug })}
              onPointerEnter={authModal.prefetch}
              data-testid="guest-login"
            >
              {t('guest.login')}
            </Button>
          }
        />
      </Stack>
    </Card>
  );
}
