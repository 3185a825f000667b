import { OrderErrorCodes, OrderLimits, type Attendant } from '@vitrina/contracts';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { attendeeChange, attendeeErrors, type AttendeeValues } from '../lib/attendee-form';
import type { TicketsKey, TicketsT } from '../i18n/texts';

interface Props {
  attendant: Attendant;
  /** Sends the change; throws the API's refusal. */
  onSave: (change: Partial<AttendeeValues>) => Promise<unknown>;
  onDone: () => void;
  t: TicketsT;
}

/** spec 3 §2 'attendee update': name and phone, checked as the server checks them before anything is sent. */
export function AttendeeForm({ attendant, onSave, onDone, t }: Props) {
  const before = { full_name: attendant.full_name, phone: attendant.phone };
  const [values, setValues] = useState<AttendeeValues>(before);
  const [errors, setErrors] = useState<Partial<Record<keyof AttendeeValues, TicketsKey>>>({});
  const [refusal, setRefusal] = useState<TicketsKey | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const found = attendeeErrors(values);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    const change = attendeeChange(before, values);
    if (Object.keys(change).length === 0) return onDone();
    setSaving(true);
    try {
      await onSave(change);
      onDone();
    } catch (error) {
      setRefusal(isApiError(error) && error.code === OrderErrorCodes.ticketAlreadyUsed ? 'form.alreadyUsed' : 'form.failed');
    } finally {
      setSaving(false);
    }
  };

  const field = (key: keyof AttendeeValues) => (errors[key] ? t(errors[key], { max: OrderLimits.attendeeNameMax }) : undefined);
  return (
    <form
      noValidate
      aria-label={t('form.title')}
      data-testid="attendee-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('form.name')}
          value={values.full_name}
          onChange={(event) => setValues({ ...values, full_name: event.currentTarget.value })}
          error={field('full_name')}
          maxLength={OrderLimits.attendeeNameMax * 2}
          autoComplete="name"
          withAsterisk
          data-testid="attendee-name"
        />
        <TextInput
          label={t('form.phone')}
          description={t('form.phoneHint')}
          value={values.phone}
          onChange={(event) => setValues({ ...values, phone: event.currentTarget.value })}
          error={field('phone')}
          type="tel"
          inputMode="tel"
          maxLength={40}
          autoComplete="tel"
          withAsterisk
          data-testid="attendee-phone"
        />
        {refusal && (
          <Alert color="red" variant="light" role="alert" data-testid="attendee-refused">
            {t(refusal)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid="attendee-save">
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
