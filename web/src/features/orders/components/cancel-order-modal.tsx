import { CANCELLATION_REASONS, OrderLimits, type CancellationReason } from '@vitrina/contracts';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { CancelBody } from '../api/order-actions';
import type { OrdersT } from '../i18n/texts';
import { validateCancel, type CancelErrors } from '../lib/forms';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Sends the cancellation; resolves true when it was done (the modal closes). */
  onSubmit: (body: CancelBody) => Promise<boolean>;
  submitting: boolean;
  t: OrdersT;
}

/** spec 3 §3 'Cancellation reasons': the five reasons, 'other' with a description of at most 500 characters. */
export function CancelOrderModal({ opened, onClose, onSubmit, submitting, t }: Props) {
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<CancelErrors>({});
  const close = () => {
    setErrors({});
    onClose();
  };
  const submit = async () => {
    const result = validateCancel({ reason, message });
    setErrors(result.errors);
    if (!result.body) return;
    if (await onSubmit(result.body)) {
      setReason(null);
      setMessage('');
      close();
    }
  };
  const errorText = (key: keyof CancelErrors) => {
    const error = errors[key];
    return error ? t(error.key, error.values) : undefined;
  };
  return (
    <Modal opened={opened} onClose={close} title={t('cancel.title')} centered data-testid="cancel-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('cancel.text')}
          </Text>
          <Radio.Group
            label={t('cancel.reason')}
            value={reason}
            onChange={setReason}
            error={errorText('reason')}
            withAsterisk
            data-testid="cancel-reasons"
          >
            <Stack gap="xs" mt="xs">
              {CANCELLATION_REASONS.map((value) => (
                <Radio key={value} value={value} label={t(`reasons.${value}`)} data-testid={`cancel-reason-${value}`} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={reason === 'other' ? t('cancel.message') : t('cancel.messageOptional')}
            withAsterisk={reason === 'other'}
            value={message}
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errorText('message')}
            autosize
            minRows={2}
            maxRows={6}
            description={`${message.trim().length}/${OrderLimits.cancellationMessageMax}`}
            data-testid="cancel-message"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={submitting}>
              {t('cancel.keep')}
            </Button>
            <Button type="submit" color="red" loading={submitting} data-testid="cancel-submit">
              {t('cancel.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
