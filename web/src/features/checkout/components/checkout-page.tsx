import { Alert, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { LinkButton } from '@/components/link-button';
import { isApiError } from '@/api/client';
import { useSession } from '@/lib/session/use-session';
import { useCheckout } from '../api/get-checkout';
import { useStartCheckout, type CheckoutSource } from '../api/restart-checkout';
import type { Checkout } from '../api/types';
import { defaultPhoneCountry, type ContactValues } from '../lib/contact';
import { checkoutDeadline } from '../lib/countdown';
import { createCheckoutErrorKey } from '../lib/errors';
import { recallGuestContact } from '../lib/guest-contact';
import { IdempotencyKeys } from '@/lib/idempotency-keys';
import { checkoutProgress } from '../lib/progress';
import type { CheckoutSearch } from '../lib/search';
import { useCheckoutT, type CheckoutT } from '../i18n/texts';
import { AttendeesSection } from './attendees-section';
import classes from './checkout.module.css';
import { CheckoutSection } from './checkout-section';
import { ContactSection } from './contact-section';
import { Countdown } from './countdown';
import { DeliverySection } from './delivery-section';
import { ExpiredNotice } from './expired-notice';
import { GuestCheckout } from './guest-checkout';
import { OrderSummary } from './order-summary';
import { PaymentSection } from './payment-section';

interface Props {
  shopSlug: string;
  search: CheckoutSearch;
  /** Shows another checkout (created here, or restarted): the route replaces `?checkout=`. */
  onCheckoutChange: (checkoutId: string) => void;
  /** Injectable clock for the countdown (tests). */
  now?: () => number;
  /** The payment UI of a ready checkout (the route wires the payments feature in). */
  payment?: PaymentSlot;
}

/** What the payment UI of a ready checkout is given. */
export interface PaymentSlotContext {
  checkout: Checkout;
  token: string;
  /** A refusal: the checkout and its payment token are fetched again (spec 3 §4 step 6). */
  refetch: () => void;
  /** The checkout's (or the transfer's) time ran out: the expired notice with its restart. */
  expire: () => void;
}
export type PaymentSlot = (context: PaymentSlotContext) => ReactNode;

function suggestedFallback(language: string): ContactValues {
  return { name: '', email: '', phone: '', phone_country: defaultPhoneCountry(language) };
}

function PageSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label} data-testid="checkout-loading">
      <Skeleton h={32} w="50%" />
      <Skeleton h={56} />
      <Skeleton h={160} />
      <Skeleton h={120} />
    </Stack>
  );
}

function BackToShop({ shopSlug, t }: { shopSlug: string; t: CheckoutT }) {
  return (
    <LinkButton to="/tienda/$shopSlug/" params={{ shopSlug }} variant="default">
      {t('page.backToShop')}
    </LinkButton>
  );
}

/**
 * spec 3 §2 'Single-page checkout' at `{shop}/comprar`: contact, delivery address and method, attendees for
 * experiences, an order-summary toggle and the countdown; once ready, the payment UI the route passes in (`payment`).
 * A visitor who is not signed in gives their contact and registers to continue.
 */
export function CheckoutPage({ shopSlug, search, onCheckoutChange, now, payment }: Props) {
  const { t, i18n } = useCheckoutT();
  const session = useSession();

  let body;
  if (session.status === 'loading') body = <PageSkeleton label={t('page.signInLoading')} />;
  else if (session.status !== 'authenticated' || !session.user) {
    body = <GuestCheckout t={t} language={i18n.language} shopSlug={shopSlug} />;
  } else if (search.checkout) {
    const profile = session.profile;
    // The contact form starts from the guest's contact or the profile: it waits for the profile to arrive.
    const suggested: ContactValues | null =
      recallGuestContact() ??
      (session.profileStatus === 'loading'
        ? null
        : {
            name: profile?.full_name || profile?.name || '',
            email: profile?.email ?? '',
            phone: profile?.phone ?? '',
            phone_country: profile?.country ?? defaultPhoneCountry(i18n.language),
          });
    body = (
      <CheckoutView
        key={search.checkout}
        id={search.checkout}
        userId={session.user.id}
        shopSlug={shopSlug}
        suggested={suggested}
        t={t}
        language={i18n.language}
        onCheckoutChange={onCheckoutChange}
        now={now}
        payment={payment}
      />
    );
  } else if (search.supplier || (search.item && search.amount)) {
    const source: CheckoutSource = search.supplier
      ? { kind: 'cart-order', shopSlug, cartId: null, supplierId: search.supplier, dssupplierId: search.dssupplier ?? null }
      : { kind: 'instant', shopSlug, itemId: search.item ?? '', amount: search.amount ?? 1 };
    body = <StartCheckout source={source} t={t} shopSlug={shopSlug} onCheckoutChange={onCheckoutChange} />;
  } else {
    body = (
      <Card withBorder padding="xl" radius="md" maw={560} mx="auto" data-testid="checkout-none">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3">
            {t('page.noCheckoutTitle')}
          </Title>
          <Text c="dimmed">{t('page.noCheckoutText')}</Text>
          <BackToShop shopSlug={shopSlug} t={t} />
        </Stack>
      </Card>
    );
  }

  return (
    <Container size="lg" w="100%" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }} data-testid="checkout-page">
      {body}
    </Container>
  );
}

/** `?supplier=` or `?item=&amount=` once signed in: the checkout is created here, then shown. */
function StartCheckout({
  source,
  t,
  shopSlug,
  onCheckoutChange,
}: {
  source: CheckoutSource;
  t: CheckoutT;
  shopSlug: string;
  onCheckoutChange: (id: string) => void;
}) {
  const start = useStartCheckout();
  const [key] = useState(() => crypto.randomUUID());
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate({ source, key }, { onSuccess: (checkout) => onCheckoutChange(checkout.id) });
  }, [start, source, key, onCheckoutChange]);

  if (start.isError) {
    return (
      <Card withBorder padding="xl" radius="md" maw={560} mx="auto" data-testid="checkout-start-error">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3">
            {t('page.startErrorTitle')}
          </Title>
          <Text>{t(createCheckoutErrorKey(start.error))}</Text>
          <BackToShop shopSlug={shopSlug} t={t} />
        </Stack>
      </Card>
    );
  }
  return <PageSkeleton label={t('page.starting')} />;
}

interface ViewProps {
  id: string;
  userId: string;
  shopSlug: string;
  suggested: ContactValues | null;
  t: CheckoutT;
  language: string;
  onCheckoutChange: (checkoutId: string) => void;
  now?: () => number;
  payment?: PaymentSlot;
}

function CheckoutView({ id, userId, shopSlug, suggested, t, language, onCheckoutChange, now, payment }: ViewProps) {
  const query = useCheckout(id, true);
  const [expired, setExpired] = useState(false);
  const [reviewed, setReviewed] = useState(false);
  const wide = useMediaQuery('(min-width: 62em)', false);
  const [summaryOpen, setSummaryOpen] = useState<boolean | null>(null);
  const [keys] = useState(() => new IdempotencyKeys());

  if (query.isPending) return <PageSkeleton label={t('page.loading')} />;
  if (query.isError) {
    const missing = isApiError(query.error) && [403, 404].includes(query.error.status);
    return missing ? (
      <Card withBorder padding="xl" radius="md" maw={560} mx="auto" data-testid="checkout-not-found">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h3">
            {t('page.notFoundTitle')}
          </Title>
          <Text c="dimmed">{t('page.notFoundText')}</Text>
          <BackToShop shopSlug={shopSlug} t={t} />
        </Stack>
      </Card>
    ) : (
      <ErrorState title={t('page.errorTitle')} text={t('page.errorText')} onRetry={() => void query.refetch()} />
    );
  }

  const checkout: Checkout = query.data;
  if (expired || checkout.status === 'expired') {
    return <ExpiredNotice checkout={checkout} t={t} keys={keys} onRestarted={onCheckoutChange} />;
  }
  if (checkout.status === 'paid' || checkout.status === 'cancelled') {
    return (
      <Alert
        color={checkout.status === 'paid' ? 'teal' : 'gray'}
        title={t(checkout.status === 'paid' ? 'page.paidTitle' : 'page.cancelledTitle')}
        data-testid="checkout-closed"
      >
        <BackToShop shopSlug={shopSlug} t={t} />
      </Alert>
    );
  }

  const onExpired = () => setExpired(true);
  const deadline = checkoutDeadline(checkout, query.dataUpdatedAt);
  // Nothing to ship (services, experiences, digital items): no address or delivery step at all.
  const delivery = checkout.needs_delivery;
  const progress = checkoutProgress(checkout, { attendeesReviewed: reviewed });
  let step = 1;
  const numbers = { contact: step++, delivery: delivery ? step++ : 0, attendees: checkout.needs_attendees ? step++ : 0, payment: step };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('page.soldBy', { name: checkout.supplier_name })}
          </Text>
        </Stack>
        <Countdown deadline={deadline} onExpire={onExpired} t={t} now={now} />
      </Group>
      <div className={classes.layout}>
        <aside className={classes.aside} aria-label={t('summary.title')}>
          <Card withBorder padding="sm" radius="md">
            <OrderSummary
              checkout={checkout}
              t={t}
              language={language}
              opened={summaryOpen ?? wide}
              onToggle={() => setSummaryOpen(!(summaryOpen ?? wide))}
            />
          </Card>
        </aside>
        <Stack gap="md" className={classes.main}>
          <CheckoutSection
            number={numbers.contact}
            title={t('steps.contact')}
            done={progress.contact}
            doneLabel={t('steps.done')}
            testId="checkout-step-contact"
          >
            {suggested || checkout.contact ? (
              <ContactSection
                checkout={checkout}
                suggested={suggested ?? checkout.contact ?? suggestedFallback(language)}
                t={t}
                onExpired={onExpired}
              />
            ) : (
              <Skeleton h={120} aria-busy="true" />
            )}
          </CheckoutSection>
          {delivery && (
            <CheckoutSection
              number={numbers.delivery}
              title={t('steps.delivery')}
              done={progress.delivery}
              doneLabel={t('steps.done')}
              disabled={!progress.contact}
              testId="checkout-step-delivery"
            >
              {progress.contact ? (
                <DeliverySection checkout={checkout} userId={userId} t={t} language={language} keys={keys} onExpired={onExpired} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('steps.contactFirst')}
                </Text>
              )}
            </CheckoutSection>
          )}
          {checkout.needs_attendees && (
            <CheckoutSection
              number={numbers.attendees}
              title={t('steps.attendees')}
              done={progress.attendees}
              doneLabel={t('steps.done')}
              disabled={!progress.contact}
              testId="checkout-step-attendees"
            >
              {progress.contact ? (
                <AttendeesSection checkout={checkout} t={t} reviewed={reviewed} onReviewedChange={setReviewed} onExpired={onExpired} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('steps.contactFirst')}
                </Text>
              )}
            </CheckoutSection>
          )}
          <CheckoutSection
            number={numbers.payment}
            title={t('steps.payment')}
            done={progress.readyToPay}
            doneLabel={t('steps.done')}
            testId="checkout-step-payment"
          >
            <PaymentSection
              checkout={checkout}
              progress={progress}
              needsAttendees={checkout.needs_attendees}
              needsDelivery={delivery}
              t={t}
              payment={
                payment && progress.readyToPay && checkout.payment_token
                  ? payment({ checkout, token: checkout.payment_token, refetch: () => void query.refetch(), expire: onExpired })
                  : undefined
              }
            />
          </CheckoutSection>
        </Stack>
      </div>
    </Stack>
  );
}
