import { OrderLimits } from '@vitrina/contracts';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SellerNextBody } from '../api/order-actions';
import type { OrdersT } from '../i18n/texts';
import { validateShip, type ShipErrors } from '../lib/forms';

interface Props {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (body: SellerNextBody) => Promise<boolean>;
  submitting: boolean;
  t: OrdersT;
}

/** The seller ships the order (to deliver → in transit): the tracking number and link the customer will see. */
export function ShipModal({ opened, title, onClose, onSubmit, submitting, t }: Props) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const [errors, setErrors] = useState<ShipErrors>({});
  const close = () => {
    setErrors({});
    onClose();
  };
  const submit = async () => {
    const result = validateShip({ trackingNumber, trackingUrl });
    setErrors(result.errors);
    if (result.body && (await onSubmit(result.body))) close();
  };
  const errorText = (key: keyof ShipErrors) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered data-testid="ship-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('ship.trackingNumber')}
            description={t('ship.trackingNumberHint')}
            maxLength={OrderLimits.trackingNumberMax + 20}
            value={trackingNumber}
            onChange={(event) => setTrackingNumber(event.currentTarget.value)}
            error={errorText('trackingNumber')}
            data-testid="ship-tracking-number"
          />
          <TextInput
            type="url"
            label={t('ship.trackingUrl')}
            description={t('ship.trackingUrlHint')}
            placeholder="https://"
            value={trackingUrl}
            onChange={(event) => setTrackingUrl(event.currentTarget.value)}
            error={errorText('trackingUrl')}
            data-testid="ship-tracking-url"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} data-testid="ship-submit">
              {title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
