import { Button, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useAddresses } from '../api/list-addresses';
import type { CheckoutT } from '../i18n/texts';
import { AddressForm } from './address-form';

interface Props {
  userId: string;
  t: CheckoutT;
  selected: string | null;
  onSelect: (addressId: string) => void;
}

/** The user's saved addresses to choose from, and the form to add one (shown at once when there is none). */
export function AddressPicker({ userId, t, selected, onSelect }: Props) {
  const addresses = useAddresses(userId);
  const [adding, setAdding] = useState(false);

  if (addresses.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('address.loading')}>
        <Skeleton h={48} />
        <Skeleton h={48} />
      </Stack>
    );
  }
  const list = addresses.data?.results ?? [];
  const showForm = adding || (addresses.isSuccess && list.length === 0);
  return (
    <Stack gap="sm" data-testid="checkout-addresses">
      {addresses.isError && (
        <Text c="red" size="sm" role="alert">
          {t('address.loadError')}
        </Text>
      )}
      {list.length > 0 && (
        <Radio.Group value={selected} onChange={onSelect} label={t('address.saved')}>
          <Stack gap="xs" mt="xs">
            {list.map((address) => (
              <Radio.Card key={address.id} value={address.id} p="sm" radius="md" data-testid="address-option">
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {address.address_name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {address.formatted_address}
                  </Text>
                </Stack>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
      {addresses.isSuccess && list.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('address.none')}
        </Text>
      )}
      {showForm ? (
        <AddressForm
          userId={userId}
          t={t}
          onSaved={(address) => {
            notifications.show({ color: 'teal', message: t('address.added'), autoClose: 4000 });
            setAdding(false);
            onSelect(address.id);
          }}
          onCancel={list.length > 0 ? () => setAdding(false) : undefined}
        />
      ) : (
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
          w="fit-content"
          data-testid="address-add"
        >
          {t('address.add')}
        </Button>
      )}
    </Stack>
  );
}
