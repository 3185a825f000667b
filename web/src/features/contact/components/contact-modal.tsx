import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconCircleCheck, IconSend } from '@tabler/icons-react';
import { ContactErrorCodes, ContactLimits, ErrorCodes } from '@vitrina/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/client';
import { useSession } from '@/lib/session/use-session';
import { useSendContact } from '../api/send-contact';
import { contactBody, validateContact, type ContactErrors, type ContactField, type ContactValues } from '../domain/contact-form';
import { useContactT, type ContactKey, type ContactT } from '../i18n/texts';

/** The shop being written to: its id or slug for the call, its name for the texts. */
export interface ContactShop {
  ref: string;
  name: string;
}

/** The product-level variant: the item the enquiry is about. */
export interface ContactItem {
  id: string;
  name: string;
}

export interface ContactModalProps {
  opened: boolean;
  onClose: () => void;
  shop: ContactShop;
  /** Present for the product-level enquiry ('Preguntar por este producto'); absent for the shop-level one. */
  item?: ContactItem;
}

/** What the user typed; a name or e-mail not typed yet (null) shows the signed-in user's own. */
type Draft = Omit<ContactValues, 'name' | 'email'> & { name: string | null; email: string | null };

const EMPTY: Draft = { name: null, email: null, phone: '', message: '' };

function sendErrorKey(error: unknown): ContactKey {
  if (isApiError(error)) {
    if (error.code === ErrorCodes.shopNotFound) return 'errors.shopNotFound';
    if (error.code === ContactErrorCodes.tooManyContacts || error.status === 429) return 'errors.tooMany';
    if (error.status === 400) return 'errors.invalid';
  }
  return 'errors.generic';
}

function problemText(errors: ContactErrors, field: ContactField, t: ContactT): string | undefined {
  const problem = errors[field];
  return problem ? t(problem.key, problem.values) : undefined;
}

/**
 * spec 1 §2 'Shop home' and 'Other screens': the contact modal, shop-level ('Contacto') or product-level ('Preguntar
 * por este producto', with the item's name). Name, e-mail, optional phone and message, checked before sending (spec 1
 * §5); a signed-in user finds their name and e-mail filled in. Full screen on a phone; Escape closes it.
 */
export function ContactModal({ opened, onClose, shop, item }: ContactModalProps) {
  const { t } = useContactT();
  const phone = useMediaQuery('(max-width: 36em)');
  const { profile } = useSession();
  const send = useSendContact(shop.ref);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [touched, setTouched] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const formId = useId();

  // A signed-in user's name and e-mail, once the profile is known, in the fields not typed in yet.
  const values: ContactValues = {
    ...draft,
    name: draft.name ?? (profile?.full_name || profile?.name || ''),
    email: draft.email ?? profile?.email ?? '',
  };

  const change = (field: ContactField) => (value: string) => {
    setDraft({ ...draft, [field]: value });
    // once a send was tried, the problems follow the typing
    if (touched) setErrors(validateContact({ ...values, [field]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    setTouched(true);
    const found = validateContact(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = (['name', 'email', 'phone', 'message'] as const).find((f) => found[f]);
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    send.mutate(contactBody(values, item?.id));
  };

  const close = () => {
    onClose();
    if (send.isSuccess) {
      // the next opening starts a new message
      setDraft(EMPTY);
      setTouched(false);
      send.reset();
    }
  };
  const another = () => {
    setDraft({ ...draft, message: '' });
    setTouched(false);
    send.reset();
    requestAnimationFrame(() => nameRef.current?.focus());
  };

  const title = item ? t('modal.itemTitle') : t('modal.shopTitle');
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      fullScreen={phone}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('modal.close') }}
      data-testid="contact-modal"
    >
      {send.isSuccess ? (
        <Stack align="center" gap="sm" py="lg" role="status" data-testid="contact-success">
          <ThemeIcon size={48} radius="xl" color="teal" variant="light" aria-hidden>
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Text fw={700} size="lg" ta="center">
            {t('modal.success')}
          </Text>
          <Text c="dimmed" ta="center">
            {t('modal.successText', { shop: shop.name })}
          </Text>
          <Group justify="center" mt="sm">
            <Button variant="default" onClick={another}>
              {t('modal.another')}
            </Button>
            <Button onClick={close} data-autofocus>
              {t('modal.done')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-busy={send.isPending}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {item ? t('modal.itemIntro', { item: item.name, shop: shop.name }) : t('modal.shopIntro', { shop: shop.name })}
            </Text>
            {item && (
              <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="contact-item-name">
                {item.name}
              </Text>
            )}
            <TextInput
              ref={nameRef}
              id={`${formId}-name`}
              label={t('fields.name')}
              required
              autoComplete="name"
              maxLength={ContactLimits.nameMax}
              value={values.name}
              onChange={(e) => change('name')(e.currentTarget.value)}
              error={problemText(errors, 'name', t)}
              disabled={send.isPending}
              data-autofocus
            />
            <TextInput
              id={`${formId}-email`}
              label={t('fields.email')}
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              maxLength={ContactLimits.emailMax}
              value={values.email}
              onChange={(e) => change('email')(e.currentTarget.value)}
              error={problemText(errors, 'email', t)}
              disabled={send.isPending}
            />
            <TextInput
              id={`${formId}-phone`}
              label={t('fields.phone')}
              description={t('fields.phoneHint')}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              maxLength={24}
              value={values.phone}
              onChange={(e) => change('phone')(e.currentTarget.value)}
              error={problemText(errors, 'phone', t)}
              disabled={send.isPending}
            />
            <Textarea
              id={`${formId}-message`}
              label={t('fields.message')}
              placeholder={t('fields.messagePlaceholder')}
              required
              autosize
              minRows={4}
              maxRows={10}
              maxLength={ContactLimits.messageMax}
              value={values.message}
              onChange={(e) => change('message')(e.currentTarget.value)}
              error={problemText(errors, 'message', t)}
              disabled={send.isPending}
            />
            {send.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert" data-testid="contact-error">
                {t(sendErrorKey(send.error))}
              </Alert>
            )}
            <Group justify="flex-end" mt="xs">
              <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />} data-testid="contact-send">
                {send.isPending ? t('modal.sending') : t('modal.send')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
