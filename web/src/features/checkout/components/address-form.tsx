import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useCreateAddress } from '../api/create-address';
import type { Address } from '../api/types';
import { addressBody, EMPTY_ADDRESS, STATE_OPTIONS, validateAddress, type AddressErrors, type AddressValues } from '../lib/address';
import { checkoutErrorKey } from '../lib/errors';
import type { CheckoutT } from '../i18n/texts';

interface Props {
  userId: string;
  t: CheckoutT;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
}

/** spec 3 §3 'Address': a new delivery address, saved for the user (Mexican state, 5-digit postal code). */
export function AddressForm({ userId, t, onSaved, onCancel }: Props) {
  const [values, setValues] = useState<AddressValues>(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateAddress(userId);

  const update = (patch: Partial<AddressValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) setErrors(validateAddress(next));
  };
  const message = (field: keyof AddressValues) => {
    const key = errors[field];
    return key ? t(`validation.${key}`) : null;
  };
  const field = (name: keyof AddressValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[name]}
      onChange={(event) => update({ [name]: event.currentTarget.value })}
      error={message(name)}
      data-testid={`address-${name}`}
      {...extra}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setSubmitted(true);
    const found = validateAddress(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(addressBody(values), { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="checkout-address-form">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('address_name', t('address.addressName'), { autoComplete: 'shipping name', required: true, maxLength: 100 })}
          {field('address_phone', t('address.addressPhone'), {
            type: 'tel',
            inputMode: 'tel',
            autoComplete: 'shipping tel-national',
            required: true,
            maxLength: 20,
          })}
          {field('route', t('address.route'), { autoComplete: 'shipping address-line1', required: true, maxLength: 200 })}
          {field('street_number', t('address.streetNumber'), { required: true, maxLength: 30 })}
          {field('sublocality', t('address.sublocality'), { autoComplete: 'shipping address-line2', maxLength: 100 })}
          {field('locality', t('address.locality'), { autoComplete: 'shipping address-level2', required: true, maxLength: 100 })}
          <Select
            label={t('address.state')}
            placeholder={t('address.statePlaceholder')}
            data={STATE_OPTIONS}
            value={values.administrative_area_level_1 || null}
            onChange={(value) => update({ administrative_area_level_1: value ?? '' })}
            error={message('administrative_area_level_1')}
            searchable
            required
            comboboxProps={{ withinPortal: true }}
            data-testid="address-state"
          />
          {field('postal_code', t('address.postalCode'), {
            inputMode: 'numeric',
            autoComplete: 'shipping postal-code',
            required: true,
            maxLength: 5,
          })}
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('address.country')}
        </Text>
        {create.isError && (
          <Alert color="red" title={t('errors.title')} data-testid="address-error">
            {t(checkoutErrorKey(create.error, 'errors.address_save'))}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" loading={create.isPending} data-testid="address-submit">
            {t('address.save')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('address.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
