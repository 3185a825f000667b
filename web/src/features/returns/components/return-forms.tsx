import { ReturnLimits, type ReturnNoteVisibility, type ReturnRequest } from '@vitrina/contracts';
import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/client';
import { formatMoney } from '@/lib/money';
import { returnQueryOptions } from '../api/get-return';
import type { ReturnSide } from '../api/keys';
import { useAddComment, useAddNote, useAddToWallet, useCloseReturn, useRefundReturn } from '../api/return-actions';
import type { ReturnsT } from '../i18n/texts';
import { returnErrorText } from '../lib/errors';
import { validateRefund, validateText } from '../lib/forms';
import { pollRefund } from '../lib/poll-refund';

/** Return toasts stay 5 s, top right, like the order toasts (spec 3 §9 'Toasts 5 s'). */
export const TOAST = { autoClose: 5_000, position: 'top-right' as const };

export function notifyError(error: unknown, t: ReturnsT) {
  notifications.show({ ...TOAST, color: 'red', title: t('errors.title'), message: returnErrorText(error, t) });
}

/** The seller's (or dropshipping supplier's) note, visible to the client or internal. */
export function NoteForm({ side, userId, id, t }: { side: Exclude<ReturnSide, 'customer'>; userId: string; id: string; t: ReturnsT }) {
  const note = useAddNote(side, userId, id);
  const [body, setBody] = useState('');
  const [visibility, setVisibility] = useState<ReturnNoteVisibility>('client');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateText(body, ReturnLimits.noteMax);
    setError(checked.error ? t(checked.error.key, checked.error.values) : null);
    if (!checked.body) return;
    try {
      await note.mutateAsync({ body: checked.body, visibility });
      setBody('');
      notifications.show({ ...TOAST, color: 'teal', message: t('note.saved') });
    } catch (failure) {
      notifyError(failure, t);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="return-note-form">
      <Stack gap="sm">
        <Textarea
          label={t('note.title')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          data-testid="return-note-body"
        />
        <Radio.Group
          label={t('note.visibility')}
          value={visibility}
          onChange={(value) => setVisibility(value === 'internal' ? 'internal' : 'client')}
        >
          <Group gap="md" mt={4}>
            <Radio value="client" label={t('note.client')} />
            <Radio value="internal" label={t('note.internal')} />
          </Group>
        </Radio.Group>
        <Button type="submit" loading={note.isPending} style={{ alignSelf: 'flex-start' }} data-testid="return-note-submit">
          {t('note.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The customer's comment on the request. */
export function CommentForm({ userId, id, t }: { userId: string; id: string; t: ReturnsT }) {
  const comment = useAddComment(userId, id);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateText(body, ReturnLimits.commentsMax);
    setError(checked.error ? t(checked.error.key, checked.error.values) : null);
    if (!checked.body) return;
    try {
      await comment.mutateAsync(checked.body);
      setBody('');
      notifications.show({ ...TOAST, color: 'teal', message: t('comment.saved') });
    } catch (failure) {
      notifyError(failure, t);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="return-comment-form">
      <Stack gap="sm">
        <Textarea
          label={t('comment.title')}
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          error={error}
          autosize
          minRows={2}
          data-testid="return-comment-body"
        />
        <Button type="submit" loading={comment.isPending} style={{ alignSelf: 'flex-start' }} data-testid="return-comment-submit">
          {t('comment.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The seller's refund (spec 3 §3 'Refund'): pesos with 2 decimals, at most the amount available ('Disponible: $x'); a
 * refund the provider has not answered yet is followed (every 1 s, up to 20 s) and its outcome said as the spec words it.
 */
export function RefundForm({ request, userId, t, language }: { request: ReturnRequest; userId: string; t: ReturnsT; language: string }) {
  const refund = useRefundReturn(userId, request.id);
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [polling, setPolling] = useState(false);
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false;
    return () => {
      gone.current = true;
    };
  }, []);
  const money = (minor: number) => formatMoney(minor, request.currency, language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateRefund(amount, request.available_minor);
    setError(checked.error ? t(checked.error.key, checked.error.values) : null);
    if (checked.amountMinor === undefined) return;
    try {
      const created = await refund.mutateAsync(checked.amountMinor);
      setAmount('');
      let status = created.status;
      if (status === 'pending') {
        setPolling(true);
        const options = returnQueryOptions('seller', userId, request.id);
        status = await pollRefund(() => queryClient.fetchQuery({ ...options, staleTime: 0 }), created.id, {
          cancelled: () => gone.current,
        });
        if (!gone.current) setPolling(false);
      }
      if (status === 'success')
        notifications.show({ ...TOAST, color: 'teal', message: t('refund.succeeded', { amount: money(created.amount_minor) }) });
      else if (status === 'failed') notifications.show({ ...TOAST, color: 'red', message: t('refund.failed') });
      else if (!gone.current)
        notifications.show({ ...TOAST, color: 'yellow', message: t('refund.stillPending', { amount: money(created.amount_minor) }) });
    } catch (failure) {
      // spec 3 §8: 422 'The amount entered is greater than the amount available' stays beside the field.
      if (isApiError(failure) && failure.code === 'refund_exceeds_available') setError(t('errors.refund_exceeds_available'));
      else notifyError(failure, t);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="return-refund-form">
      <Stack gap="sm">
        <TextInput
          label={t('refund.amount')}
          description={
            <span data-testid="return-refund-available">{t('refund.available', { amount: money(request.available_minor) })}</span>
          }
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          error={error}
          inputMode="decimal"
          leftSection="$"
          placeholder="0.00"
          data-testid="return-refund-amount"
        />
        {polling && (
          <Text size="sm" c="dimmed" role="status" data-testid="return-refund-polling">
            {t('refund.pending')}
          </Text>
        )}
        <Button
          type="submit"
          loading={refund.isPending || polling}
          disabled={request.available_minor <= 0}
          style={{ alignSelf: 'flex-start' }}
          data-testid="return-refund-submit"
        >
          {t('refund.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** 'Cerrar solicitud', after a confirmation: closing settles the order into the wallets. */
export function CloseRequestButton({ userId, id, t }: { userId: string; id: string; t: ReturnsT }) {
  const close = useCloseReturn(userId, id);
  const [opened, { open, close: hide }] = useDisclosure(false);
  const confirm = async () => {
    try {
      await close.mutateAsync();
      hide();
      notifications.show({ ...TOAST, color: 'teal', message: t('close.done') });
    } catch (failure) {
      hide();
      notifyError(failure, t);
    }
  };
  return (
    <>
      <Button color="red" variant="light" onClick={open} data-testid="return-close">
        {t('close.button')}
      </Button>
      <Modal opened={opened} onClose={hide} title={t('close.confirmTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('close.confirmText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={hide}>
              {t('close.cancel')}
            </Button>
            <Button color="red" loading={close.isPending} onClick={() => void confirm()} data-testid="return-close-confirm">
              {t('close.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** 'Recibir el reembolso como saldo en mi monedero' (spec 2 §7 add_to_wallet), while the request allows it. */
export function AddToWalletButton({ userId, id, t }: { userId: string; id: string; t: ReturnsT }) {
  const wallet = useAddToWallet(userId, id);
  const choose = async () => {
    try {
      await wallet.mutateAsync();
      notifications.show({ ...TOAST, color: 'teal', message: t('wallet.done') });
    } catch (failure) {
      notifyError(failure, t);
    }
  };
  return (
    <Alert color="blue" variant="light" data-testid="return-add-to-wallet">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('wallet.text')}</Text>
        {/* a long label wraps on a phone instead of running out of the alert */}
        <Button
          size="xs"
          variant="light"
          h="auto"
          py={6}
          maw="100%"
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          loading={wallet.isPending}
          onClick={() => void choose()}
        >
          {t('wallet.button')}
        </Button>
      </Stack>
    </Alert>
  );
}
