import type { PaymentAttempt, PaymentPage, PurchaseOrder, RedirectMethod } from '@vitrina/contracts';
import { Alert, Button, Card, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconFlask, IconLock } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useEffectEvent, useState } from 'react';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { formatMoney } from '@/lib/money';
import { isPending } from '../api/get-attempt';
import { usePaymentPage } from '../api/get-payment-page';
import { cardFailure } from '../lib/errors';
import { notifyPaymentFailure } from '../lib/notify';
import { usePaymentsT, type PaymentsT } from '../i18n/texts';
import { CardPayment } from './card-payment';
import { InstalmentOptions } from './instalment-options';
import { isPayLater, MethodPicker, orderedMethods, type PickerMethod } from './method-picker';
import { SpeiView } from './spei-view';
import { usePay, type PayRequest } from './use-pay';
import { usePlaceOrder } from './use-place-order';
import { usePendingAttempt } from './use-pending-attempt';
import { VoucherView } from './voucher-view';

export interface PaymentPanelProps {
  /** The checkout's payment token. */
  token: string;
  /** The token may not be known yet (a package purchase's, made through an event): a 404 is read again briefly. */
  waitForToken?: boolean;
  /** A path of this site that 3-D Secure and approval pages send the browser back to. */
  returnPath: string;
  onPaid: (attempt: PaymentAttempt, page: PaymentPage) => void;
  /** A pay-later method placed the order (issue 13); by default the buyer goes to `/mis-compras/{order}`. */
  onOrderPlaced?: (order: PurchaseOrder) => void;
  /** A refusal: the checkout (and its token) is fetched again (spec 3 §4 step 6). */
  onRefused?: () => void;
  /**
   * A voucher, transfer or 3-D Secure start extended the checkout's hold on the server: its countdown is read again
   * (the checkout keeps its stock while a voucher or transfer can still be paid).
   */
  onCheckoutChanged?: () => void;
  /** The checkout's time, or the transfer's or voucher's, ran out: restart the purchase. */
  onRestart?: () => void;
  /** Sends the browser to 3-D Secure or an approval page; `window.location.assign` by default. */
  redirect?: (url: string) => void;
  now?: () => number;
  pollMs?: number;
  /** The 55 s fallback of spec 3 §8 (shorter in tests). */
  fallbackMs?: number;
}

const REDIRECT_NAMES: Record<RedirectMethod, string> = { paypal: 'PayPal', mobbex: 'Mobbex', aplazo: 'Aplazo' };

function PanelSkeleton({ t }: { t: PaymentsT }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('panel.loading')} data-testid="payment-loading">
      <Skeleton h={16} w="40%" />
      <Skeleton h={64} />
      <Skeleton h={64} />
      <Skeleton h={44} />
    </Stack>
  );
}

/** An attempt the provider is still deciding (a card confirmed asynchronously): waits, then moves on. */
function Processing({
  token,
  attempt,
  t,
  onPaid,
  onFailed,
  pollMs,
}: {
  token: string;
  attempt: PaymentAttempt;
  t: PaymentsT;
  onPaid: (attempt: PaymentAttempt) => void;
  onFailed: () => void;
  pollMs?: number;
}) {
  const current = usePendingAttempt(token, attempt, onPaid, pollMs);
  const failed = useEffectEvent((settled: PaymentAttempt) => {
    notifyPaymentFailure(cardFailure(settled.error?.code, settled.error?.message), t);
    onFailed();
  });
  useEffect(() => {
    if (current.status !== 'succeeded' && !isPending(current)) failed(current);
  }, [current]);
  return (
    <Group gap="sm" role="status" aria-live="polite" data-testid="payment-processing">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{t('return.confirming')}</Text>
    </Group>
  );
}

/**
 * The payment part of a ready checkout (and of /me/payments/{token}): the supplier's methods, each with what it needs
 * (card form and MSI, aplazo's plans, redirect notes, voucher or SPEI details), and the pay flow of spec 3 §4.
 */
export function PaymentPanel({
  token,
  returnPath,
  onPaid,
  onOrderPlaced,
  onRefused,
  onCheckoutChanged,
  onRestart,
  redirect = (url) => window.location.assign(url),
  now,
  pollMs,
  fallbackMs,
  waitForToken = false,
}: PaymentPanelProps) {
  const { t, i18n } = usePaymentsT();
  const language = i18n.language;
  const query = usePaymentPage(token, true, waitForToken);
  const [method, setMethod] = useState<PickerMethod | null>(null);
  const [plan, setPlan] = useState<number | null>(null);
  const [pending, setPending] = useState<PaymentAttempt | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const page = query.data;
  // The panel is also drawn outside a router (its tests): only the default for onOrderPlaced needs one.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
  const { place, placing } = usePlaceOrder({
    checkoutId: page?.checkout_id ?? '',
    t,
    onPlaced: (order) =>
      onOrderPlaced ? onOrderPlaced(order) : void router?.navigate({ to: '/mis-compras/$orderId', params: { orderId: order.id } }),
  });

  const paid = (attempt: PaymentAttempt) => {
    if (page) onPaid(attempt, page);
  };
  const { pay, paying } = usePay({
    token,
    returnPath,
    t,
    onPaid: paid,
    onPending: (attempt) => {
      setPending(attempt);
      onCheckoutChanged?.();
    },
    onRefused: () => {
      setPending(null);
      onRefused?.();
    },
    redirect,
    ...(fallbackMs ? { fallbackMs } : {}),
  });

  // A checkout already paid (another tab, the webhook first): straight to the paid page.
  const alreadyPaid = useEffectEvent((done: PaymentPage) => {
    if (done.attempt?.status === 'succeeded') onPaid(done.attempt, done);
  });
  useEffect(() => {
    if (page?.checkout_status === 'paid') alreadyPaid(page);
  }, [page]);

  if (query.isPending) return <PanelSkeleton t={t} />;
  if (query.isError || !page) {
    const missing = isApiError(query.error) && [403, 404].includes(query.error.status);
    return missing ? (
      <Alert color="gray" title={t('panel.notFoundTitle')} data-testid="payment-not-found">
        {t('panel.notFoundText')}
      </Alert>
    ) : (
      <ErrorState title={t('panel.errorTitle')} text={t('panel.errorText')} onRetry={() => void query.refetch()} />
    );
  }

  if (page.checkout_status === 'paid') {
    return (
      <Alert color="teal" title={t('errors.checkout_already_paid')} data-testid="payment-already-paid">
        <Loader size="xs" aria-hidden />
      </Alert>
    );
  }
  if (page.checkout_status === 'expired' || page.checkout_status === 'cancelled') {
    return (
      <Alert color="orange" title={t('panel.expiredTitle')} data-testid="payment-expired">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('panel.expiredText')}</Text>
          {onRestart && <Button onClick={onRestart}>{t('panel.restart')}</Button>}
        </Stack>
      </Alert>
    );
  }

  // A voucher or transfer started earlier (this visit, or before a reload) is shown until paid or set aside.
  const waiting =
    pending ??
    (page.attempt && isPending(page.attempt) && (page.attempt.voucher || page.attempt.bank_transfer) && page.attempt.id !== dismissed
      ? page.attempt
      : null);
  if (waiting) {
    const other = (
      <Button
        variant="subtle"
        onClick={() => {
          setDismissed(waiting.id);
          setPending(null);
        }}
        data-testid="payment-other-method"
      >
        {t('panel.other')}
      </Button>
    );
    if (waiting.voucher) {
      return (
        <Stack gap="sm">
          <VoucherView
            token={token}
            attempt={waiting}
            sandbox={page.sandbox}
            language={language}
            t={t}
            onPaid={paid}
            onRestart={onRestart}
            pollMs={pollMs}
          />
          {other}
        </Stack>
      );
    }
    if (waiting.bank_transfer) {
      return (
        <Stack gap="sm">
          <SpeiView
            token={token}
            attempt={waiting}
            sandbox={page.sandbox}
            language={language}
            t={t}
            onPaid={paid}
            onRestart={onRestart}
            now={now}
            pollMs={pollMs}
          />
          {other}
        </Stack>
      );
    }
    return <Processing token={token} attempt={waiting} t={t} onPaid={paid} onFailed={() => setPending(null)} pollMs={pollMs} />;
  }

  const methods = orderedMethods(page.enabled_payment_types);
  if (methods.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="payment-no-methods">
        {t('panel.noMethods')}
      </Text>
    );
  }
  const chosen = method && methods.includes(method) ? method : methods.length === 1 ? (methods[0] ?? null) : null;
  const start = (request: PayRequest) => void pay(request);
  const amount = formatMoney(page.amount_minor, page.currency, language);
  const planChosen = plan ?? page.deferred_options[0]?.months ?? null;

  return (
    <Stack gap="md" data-testid="payment-panel">
      {page.sandbox && (
        <Alert color="grape" variant="light" icon={<IconFlask size={18} aria-hidden />} py="xs" data-testid="payment-sandbox">
          <Text size="sm">{t('panel.sandbox')}</Text>
        </Alert>
      )}
      <MethodPicker methods={methods} value={chosen} onChange={setMethod} disabled={paying || placing} t={t} />
      {chosen && (
        <Card withBorder radius="md" padding="md" data-testid={`payment-details-${chosen}`}>
          {chosen === 'card' && <CardPayment page={page} paying={paying} onPay={start} language={language} t={t} now={now} />}
          {(chosen === 'paypal' || chosen === 'mobbex' || chosen === 'aplazo') && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                start({ method: chosen, instalments: chosen === 'aplazo' ? planChosen : null });
              }}
            >
              <Stack gap="md">
                <Text size="sm">{t('panel.redirecting', { name: REDIRECT_NAMES[chosen] })}</Text>
                {chosen === 'aplazo' && page.deferred_options.length > 0 && (
                  <InstalmentOptions
                    kind="plan"
                    options={page.deferred_options}
                    value={planChosen}
                    onChange={setPlan}
                    amountMinor={page.amount_minor}
                    currency={page.currency}
                    language={language}
                    t={t}
                  />
                )}
                <Button type="submit" size="md" fullWidth loading={paying} disabled={paying} data-testid="pay-submit">
                  {paying ? t('panel.paying') : t('panel.continueTo', { name: REDIRECT_NAMES[chosen] })}
                </Button>
              </Stack>
            </form>
          )}
          {isPayLater(chosen) && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void place(chosen);
              }}
            >
              <Stack gap="md">
                <Text size="sm">{t('panel.payLaterText')}</Text>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('panel.total')}
                  </Text>
                  <Text fw={700}>{amount}</Text>
                </Group>
                <Button type="submit" size="md" fullWidth loading={placing} disabled={placing} data-testid="place-order-submit">
                  {placing ? t('panel.placing') : t('panel.placeOrder')}
                </Button>
              </Stack>
            </form>
          )}
          {(chosen === 'cash' || chosen === 'spei') && (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                start({ method: chosen });
              }}
            >
              <Stack gap="md">
                <Text size="sm">{t(chosen === 'cash' ? 'panel.cashText' : 'panel.speiText')}</Text>
                <Group justify="space-between">
                  <Text size="sm" c="dimmed">
                    {t('panel.total')}
                  </Text>
                  <Text fw={700}>{amount}</Text>
                </Group>
                <Button type="submit" size="md" fullWidth loading={paying} disabled={paying} data-testid="pay-submit">
                  {paying ? t('panel.paying') : t(chosen === 'cash' ? 'panel.generateVoucher' : 'panel.generateTransfer')}
                </Button>
              </Stack>
            </form>
          )}
        </Card>
      )}
      <Group gap={6} wrap="nowrap">
        <IconLock size={14} aria-hidden />
        <Text size="xs" c="dimmed">
          {t('panel.secure')}
        </Text>
      </Group>
    </Stack>
  );
}
