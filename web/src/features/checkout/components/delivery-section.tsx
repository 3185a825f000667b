import { Alert, Button, Group, Radio, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBuildingStore, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { formatMoney } from '@/lib/money';
import { useBranches } from '../api/get-branches';
import { useRates } from '../api/get-rates';
import { useSetDelivery, type DeliveryChoice } from '../api/set-delivery';
import type { Checkout } from '../api/types';
import { checkoutErrorKey, isExpiredError } from '../lib/errors';
import { isRetryable, type IdempotencyKeys } from '@/lib/idempotency-keys';
import type { CheckoutT } from '../i18n/texts';
import { AddressPicker } from './address-picker';

interface Props {
  checkout: Checkout;
  userId: string;
  t: CheckoutT;
  language: string;
  keys: IdempotencyKeys;
  onExpired: () => void;
  /** Today as YYYY-MM-DD (the earliest scheduled date); injectable for tests. */
  today?: string;
}

type Mode = 'home' | 'pickup';

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** What the page says about the delivery already chosen. */
export function deliverySummary(checkout: Checkout, t: CheckoutT, language: string, branchName?: string): string {
  const delivery = checkout.delivery;
  if (!delivery) return '';
  const price = delivery.price_minor === 0 ? t('summary.shippingFree') : formatMoney(delivery.price_minor, checkout.currency, language);
  const days = t('delivery.days', { count: delivery.days });
  if (delivery.type === 'pickup') return `${branchName ? t('delivery.pickupAt', { name: branchName }) : t('delivery.pickup')} · ${price}`;
  const what = delivery.type === 'fixed' ? t('delivery.fixed') : [delivery.carrier, delivery.service].filter(Boolean).join(' ');
  const when = delivery.scheduled_date
    ? ` · ${delivery.scheduled_date}${delivery.scheduled_time ? ` ${delivery.scheduled_time}` : ''}`
    : '';
  return `${what || t('delivery.home')} · ${price} · ${days}${when}`;
}

/**
 * spec 3 §2 and §4 step 2: the delivery address and method. Home delivery to a saved address (the supplier's fixed
 * shipping, or a courier's rate for that address) or pickup at one of the supplier's branches; a date and time when
 * the supplier delivers on schedule. Only the methods the checkout's `delivery_options` offer are shown. Each choice
 * is a `PUT` with its own Idempotency-Key and answers the payment token.
 */
export function DeliverySection({ checkout, userId, t, language, keys, onExpired, today = localToday() }: Props) {
  const options = checkout.delivery_options;
  // The server's refusals still count should the options be stale (the supplier changed them meanwhile):
  // fixed_delivery_not_available hides the fixed option, scheduled_date_required asks for the date and time.
  const [fixedRefused, setFixedRefused] = useState(false);
  const [scheduleRequired, setScheduleRequired] = useState(false);
  const fixed = fixedRefused ? null : options.fixed;
  const offersBroker = options.broker;
  const offersPickup = options.pickup;
  const offersHome = fixed !== null || offersBroker;
  const scheduled = options.scheduled || scheduleRequired;
  // Fixed shipping alone at home is chosen for the shopper (and its date and time asked for at once).
  const onlyFixed = fixed !== null && !offersBroker;
  const [pickedMode, setMode] = useState<Mode>(checkout.delivery?.type === 'pickup' ? 'pickup' : 'home');
  const mode: Mode = !offersHome ? 'pickup' : !offersPickup ? 'home' : pickedMode;
  const [addressId, setAddressId] = useState<string | null>(checkout.address?.id ?? null);
  const [chosen, setChoice] = useState<string | null>(null);
  const choice = chosen ?? (mode === 'home' && onlyFixed && addressId !== null ? 'fixed' : null);
  const [date, setDate] = useState(checkout.delivery?.scheduled_date ?? '');
  const [time, setTime] = useState(checkout.delivery?.scheduled_time ?? '');
  const [scheduleError, setScheduleError] = useState<{ date?: boolean; time?: boolean }>({});
  const [editing, setEditing] = useState(checkout.delivery === null);
  const save = useSetDelivery(checkout.id);

  const rates = useRates(checkout.id, addressId, editing && mode === 'home' && offersBroker);
  // Also read for the chosen pickup's summary (its branch's name).
  const branches = useBranches(checkout.id, (editing && mode === 'pickup' && offersPickup) || checkout.delivery?.type === 'pickup');
  const money = (minor: number) => (minor === 0 ? t('summary.shippingFree') : formatMoney(minor, checkout.currency, language));

  if (!editing && checkout.delivery) {
    return (
      <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="delivery-chosen">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {t('delivery.chosen')}
          </Text>
          <Text size="sm">
            {deliverySummary(checkout, t, language, branches.data?.results.find((b) => b.id === checkout.delivery?.agency_id)?.name)}
          </Text>
          {checkout.address && checkout.delivery.type !== 'pickup' && (
            <Text size="sm" c="dimmed">
              {checkout.address.formatted_address}
            </Text>
          )}
        </Stack>
        <Button variant="subtle" size="compact-sm" onClick={() => setEditing(true)} data-testid="delivery-change">
          {t('delivery.change')}
        </Button>
      </Group>
    );
  }

  const choiceOf = (): DeliveryChoice | null => {
    if (!choice) return null;
    if (choice === 'fixed' && fixed && addressId) {
      const body: { address_id: string; scheduled_date?: string; scheduled_time?: string } = { address_id: addressId };
      if (date) body.scheduled_date = date;
      if (time) body.scheduled_time = time;
      return { kind: 'fixed', body };
    }
    if (choice.startsWith('rate:')) {
      const rate = rates.data?.results.find((r) => `rate:${r.rate_id}` === choice);
      return rate ? { kind: 'broker', body: { rate_id: rate.rate_id, shipment_id: rate.shipment_id } } : null;
    }
    if (choice.startsWith('branch:')) return { kind: 'pickup', body: { agency_id: choice.slice('branch:'.length) } };
    return null;
  };

  const confirm = () => {
    const picked = choiceOf();
    if (!picked) return;
    if (picked.kind === 'fixed' && scheduled) {
      const missing = { date: !date || date < today, time: !time };
      setScheduleError(missing);
      if (missing.date || missing.time) return;
    }
    const key = keys.keyFor('delivery', picked);
    save.mutate(
      { choice: picked, key },
      {
        onSuccess: () => {
          keys.settle('delivery');
          setEditing(false);
          notifications.show({ color: 'teal', message: t('delivery.saved'), autoClose: 4000 });
        },
        onError: (error) => {
          if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle('delivery');
          if (isExpiredError(error)) onExpired();
          if (isApiError(error) && error.code === 'scheduled_date_required') setScheduleRequired(true);
          if (isApiError(error) && error.code === 'fixed_delivery_not_available') {
            setFixedRefused(true);
            setChoice(null);
          }
        },
      },
    );
  };

  // A supplier without rate zones answers no_shipping_options for rates: not worth saying while fixed shipping is offered.
  const rateError =
    rates.isError && !(fixed !== null && isApiError(rates.error) && rates.error.code === 'no_shipping_options')
      ? t(checkoutErrorKey(rates.error, 'errors.courier_quote_failed'))
      : null;
  const branchError = branches.isError ? t(checkoutErrorKey(branches.error, 'errors.branches_not_available')) : null;
  const modes = [
    ...(offersHome ? [{ value: 'home', label: t('delivery.home') }] : []),
    ...(offersPickup ? [{ value: 'pickup', label: t('delivery.pickup') }] : []),
  ];

  if (modes.length === 0) {
    return (
      <Alert color="orange" data-testid="delivery-error">
        {t('errors.no_shipping_options')}
      </Alert>
    );
  }

  return (
    <Stack gap="md" data-testid="delivery-form">
      {modes.length > 1 && (
        <SegmentedControl
          fullWidth
          value={mode}
          onChange={(value) => {
            setMode(value as Mode);
            setChoice(null);
          }}
          data={modes}
          // Long labels (es: 'Recoger en sucursal') wrap on a phone instead of being cut.
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
          data-testid="delivery-mode"
        />
      )}

      {mode === 'home' && (
        <Stack gap="sm">
          <Group gap="xs">
            <IconTruckDelivery size={18} aria-hidden />
            <Text fw={600} size="sm">
              {t('steps.address')}
            </Text>
          </Group>
          <AddressPicker
            userId={userId}
            t={t}
            selected={addressId}
            onSelect={(id) => {
              setAddressId(id);
              setChoice(null);
            }}
          />
          {addressId === null ? (
            <Text size="sm" c="dimmed">
              {t('address.chooseFirst')}
            </Text>
          ) : (
            <Radio.Group value={choice} onChange={setChoice} label={t('delivery.chooseOption')}>
              <Stack gap="xs" mt="xs">
                {fixed && (
                  <Radio.Card value="fixed" p="sm" radius="md" data-testid="delivery-option-fixed">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Radio.Indicator />
                        <Stack gap={0}>
                          <Text size="sm" fw={600}>
                            {t('delivery.fixed')}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t('delivery.days', { count: fixed.days })}
                          </Text>
                        </Stack>
                      </Group>
                      <Text size="sm" fw={600} data-testid="delivery-fixed-price">
                        {fixed.price_minor === 0 ? t('summary.shippingFree') : formatMoney(fixed.price_minor, fixed.currency, language)}
                      </Text>
                    </Group>
                  </Radio.Card>
                )}
                {offersBroker && rates.isFetching && <Skeleton h={52} aria-label={t('delivery.ratesLoading')} />}
                {offersBroker &&
                  rates.data?.results.map((rate) => (
                    <Radio.Card key={rate.rate_id} value={`rate:${rate.rate_id}`} p="sm" radius="md" data-testid="delivery-option-rate">
                      <Group justify="space-between" wrap="nowrap">
                        <Group gap="sm" wrap="nowrap">
                          <Radio.Indicator />
                          <Stack gap={0}>
                            <Text size="sm" fw={600}>
                              {rate.carrier} {rate.service}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {t('delivery.days', { count: rate.days })}
                            </Text>
                          </Stack>
                        </Group>
                        <Text size="sm" fw={600}>
                          {money(rate.price_minor)}
                        </Text>
                      </Group>
                    </Radio.Card>
                  ))}
              </Stack>
            </Radio.Group>
          )}
          {addressId !== null && rateError && (
            <Alert color="orange" data-testid="delivery-rates-error">
              {rateError}
            </Alert>
          )}
          {choice === 'fixed' && scheduled && (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('delivery.scheduledHint')}
              </Text>
              <SimpleGrid cols={2} spacing="sm">
                <TextInput
                  type="date"
                  label={t('delivery.scheduledDate')}
                  value={date}
                  min={today}
                  onChange={(event) => setDate(event.currentTarget.value)}
                  error={scheduleError.date ? t('validation.date') : null}
                  required
                  data-testid="delivery-date"
                />
                <TextInput
                  type="time"
                  label={t('delivery.scheduledTime')}
                  value={time}
                  onChange={(event) => setTime(event.currentTarget.value)}
                  error={scheduleError.time ? t('validation.time') : null}
                  required
                  data-testid="delivery-time"
                />
              </SimpleGrid>
            </Stack>
          )}
        </Stack>
      )}

      {mode === 'pickup' && (
        <Stack gap="sm">
          <Group gap="xs">
            <IconBuildingStore size={18} aria-hidden />
            <Text fw={600} size="sm">
              {t('delivery.pickup')}
            </Text>
          </Group>
          {branches.isPending && branches.fetchStatus !== 'idle' && <Skeleton h={52} aria-label={t('delivery.branchesLoading')} />}
          {branchError && (
            <Alert color="orange" data-testid="delivery-branches-error">
              {branchError}
            </Alert>
          )}
          {branches.data && (
            <Radio.Group value={choice} onChange={setChoice} label={t('delivery.chooseOption')}>
              <Stack gap="xs" mt="xs">
                {branches.data.results.map((branch) => (
                  <Radio.Card key={branch.id} value={`branch:${branch.id}`} p="sm" radius="md" data-testid="delivery-option-branch">
                    <Group gap="sm" wrap="nowrap">
                      <Radio.Indicator />
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {branch.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {branch.address} · {branch.phone}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          )}
        </Stack>
      )}

      {save.isError && (
        <Alert color="red" title={t('errors.title')} data-testid="delivery-save-error">
          {t(checkoutErrorKey(save.error))}
        </Alert>
      )}
      <Group gap="xs">
        <Button onClick={confirm} disabled={choice === null} loading={save.isPending} data-testid="delivery-confirm">
          {t('delivery.confirm')}
        </Button>
        {checkout.delivery && (
          <Button variant="default" onClick={() => setEditing(false)}>
            {t('contact.cancel')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
