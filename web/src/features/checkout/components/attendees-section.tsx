import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useUpdateAttendees } from '../api/update-attendees';
import type { Attendee, Checkout } from '../api/types';
import { stripWhitespace } from '../lib/contact';
import { checkoutErrorKey, isExpiredError } from '../lib/errors';
import { ticketCount } from '../lib/progress';
import type { CheckoutT } from '../i18n/texts';

interface Props {
  checkout: Checkout;
  t: CheckoutT;
  reviewed: boolean;
  onReviewedChange: (reviewed: boolean) => void;
  onExpired: () => void;
}

function rowsFor(checkout: Checkout): Attendee[] {
  const count = ticketCount(checkout);
  return Array.from({ length: count }, (_, i) => checkout.attendees[i] ?? { full_name: '', phone: '' });
}

/**
 * spec 3 §2 'an experience-attendee form' and §5 'attendee information must be reviewed': full name and phone per
 * ticket, saved, then confirmed as reviewed before the payment part opens. Editing after saving asks for a new review.
 */
export function AttendeesSection({ checkout, t, reviewed, onReviewedChange, onExpired }: Props) {
  const [rows, setRows] = useState<Attendee[]>(() => rowsFor(checkout));
  const [dirty, setDirty] = useState(checkout.attendees.length < ticketCount(checkout));
  const [showErrors, setShowErrors] = useState(false);
  const save = useUpdateAttendees(checkout.id);

  const invalid = (row: Attendee) => ({
    full_name: !row.full_name.trim(),
    phone: stripWhitespace(row.phone).replace(/\D/g, '').length < 7,
  });
  const update = (index: number, patch: Partial<Attendee>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setDirty(true);
    onReviewedChange(false);
  };
  const submit = () => {
    setShowErrors(true);
    if (rows.some((row) => invalid(row).full_name || invalid(row).phone)) return;
    const attendees = rows.map((row) => ({ full_name: row.full_name.trim().replace(/\s+/g, ' '), phone: stripWhitespace(row.phone) }));
    save.mutate(attendees, {
      onSuccess: () => {
        setDirty(false);
        notifications.show({ color: 'teal', message: t('attendees.saved'), autoClose: 4000 });
      },
      onError: (error) => {
        if (isExpiredError(error)) onExpired();
      },
    });
  };

  return (
    <Stack gap="sm" data-testid="checkout-attendees">
      <Text size="sm" c="dimmed">
        {t('attendees.text')}
      </Text>
      {rows.map((row, index) => {
        const errors = showErrors ? invalid(row) : { full_name: false, phone: false };
        return (
          <Stack key={index} gap={4}>
            <Text size="sm" fw={600}>
              {t('attendees.ticket', { n: index + 1 })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('attendees.fullName')}
                value={row.full_name}
                onChange={(event) => update(index, { full_name: event.currentTarget.value })}
                error={errors.full_name ? t('validation.required') : null}
                maxLength={120}
                data-testid={`attendee-name-${index}`}
              />
              <TextInput
                label={t('attendees.phone')}
                type="tel"
                inputMode="tel"
                value={row.phone}
                onChange={(event) => update(index, { phone: stripWhitespace(event.currentTarget.value).slice(0, 15) })}
                error={errors.phone ? t('validation.invalidPhone') : null}
                data-testid={`attendee-phone-${index}`}
              />
            </SimpleGrid>
          </Stack>
        );
      })}
      {save.isError && (
        <Alert color="red" title={t('errors.title')}>
          {t(checkoutErrorKey(save.error))}
        </Alert>
      )}
      <Group gap="sm">
        <Button onClick={submit} loading={save.isPending} disabled={!dirty} data-testid="attendees-save">
          {t('attendees.save')}
        </Button>
      </Group>
      <Checkbox
        label={t('attendees.reviewed')}
        checked={reviewed}
        disabled={dirty}
        onChange={(event) => onReviewedChange(event.currentTarget.checked)}
        description={dirty ? t('attendees.reviewFirst') : undefined}
        data-testid="attendees-reviewed"
      />
    </Stack>
  );
}
