import type { PaymentAttempt } from '@vitrina/contracts';
import { Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { getAttempt, isPending } from '../api/get-attempt';
import { paymentKeys } from '../api/keys';
import { returnFromProvider } from '../api/return-from-provider';
import { clearAffiliateCookies } from '../lib/affiliate-cookies';
import { cardFailure, paymentFailure } from '../lib/errors';
import { notifyPaymentFailure, notifyPaymentInfo, notifyPaymentTimeout, PAYMENT_FALLBACK_MS } from '../lib/notify';
import { usePaymentsT } from '../i18n/texts';

interface Props {
  token: string;
  attemptId: string;
  /** The approval page's cancel path brought the browser back (`payment_canceled=1`). */
  canceled: boolean;
  onPaid: (attempt: PaymentAttempt) => void;
  /** Back to choosing how to pay (failed, canceled, or not confirmed in time). */
  onDone: () => void;
  /** How often an attempt still processing is asked about, and for how long. */
  pollMs?: number;
  maxWaitMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The browser is back from 3-D Secure or an approval page (`?payment_attempt=`): the return endpoint is called once,
 * the server asks the provider and completes; then the paid page, the spec's error toast and a retry (the checkout and
 * its token fetched again: spec 3 §4 step 6), or 'the payment was cancelled, choose again'.
 */
export function PaymentReturn({ token, attemptId, canceled, onPaid, onDone, pollMs = 3_000, maxWaitMs = PAYMENT_FALLBACK_MS }: Props) {
  const { t } = usePaymentsT();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const mounted = useRef(true);

  const settle = useEffectEvent((attempt: PaymentAttempt | null, error?: unknown) => {
    if (!mounted.current) return;
    void queryClient.invalidateQueries({ queryKey: paymentKeys.page(token) });
    if (!attempt) {
      notifyPaymentFailure(paymentFailure(error), t);
      onDone();
    } else if (attempt.status === 'succeeded') {
      clearAffiliateCookies();
      onPaid(attempt);
    } else if (attempt.status === 'canceled' || (canceled && attempt.status !== 'failed')) {
      notifyPaymentInfo(t('return.canceled'));
      onDone();
    } else if (isPending(attempt)) {
      notifyPaymentTimeout(t);
      onDone();
    } else {
      notifyPaymentFailure(cardFailure(attempt.error?.code, attempt.error?.message), t);
      onDone();
    }
  });

  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      void (async () => {
        try {
          let attempt = await returnFromProvider(token, attemptId);
          const until = Date.now() + maxWaitMs;
          while (isPending(attempt) && !canceled && Date.now() < until && mounted.current) {
            await sleep(pollMs);
            attempt = await getAttempt(token, attemptId);
          }
          settle(attempt);
        } catch (error) {
          settle(null, error);
        }
      })();
    }
    return () => {
      mounted.current = false;
    };
  }, [token, attemptId, canceled, pollMs, maxWaitMs]);

  return (
    <Card withBorder radius="md" padding="xl" maw={560} mx="auto" data-testid="payment-return">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden />
        <Title order={2} size="h3" ta="center">
          {t('return.confirming')}
        </Title>
        <Text c="dimmed" size="sm" ta="center">
          {t('return.confirmingText')}
        </Text>
      </Stack>
    </Card>
  );
}
