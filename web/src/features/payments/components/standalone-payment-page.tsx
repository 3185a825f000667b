import type { PaymentAttempt, PaymentPage } from '@vitrina/contracts';
import { Button, Card, Skeleton, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession } from '@/lib/session/use-session';
import { usePaymentsT } from '../i18n/texts';
import { PaidSummary } from './paid-summary';
import { PaymentPanel } from './payment-panel';
import { PaymentReturn } from './payment-return';
import { SignInPrompt } from './sign-in-prompt';

interface Props {
  token: string;
  /** Back from 3-D Secure or an approval page. */
  paymentAttempt?: string;
  paymentCanceled?: boolean;
  /** Drops `payment_attempt` / `payment_canceled` from the URL once handled. */
  onReturnHandled: () => void;
  redirect?: (url: string) => void;
}

/**
 * spec 2 §2 `/me/payments/{payment_token}`: the payment UI on its own (package purchases reach it with their token),
 * with the same methods, returns and voucher/SPEI views as the checkout; a success shows the summary here.
 */
export function StandalonePaymentPage({ token, paymentAttempt, paymentCanceled = false, onReturnHandled, redirect }: Props) {
  const { t, i18n } = usePaymentsT();
  const session = useSession();
  const [paid, setPaid] = useState<{ attempt: PaymentAttempt; page: PaymentPage | null } | null>(null);

  let body;
  if (session.status === 'loading') {
    body = (
      <Stack gap="sm" aria-busy="true" aria-label={t('me.loading')}>
        <Skeleton h={32} w="40%" />
        <Skeleton h={120} />
      </Stack>
    );
  } else if (session.status !== 'authenticated') {
    body = <SignInPrompt title={t('me.signInTitle')} text={t('me.signInText')} button={t('me.signIn')} />;
  } else if (paid?.page) {
    const membership = paid.page.purpose === 'membership';
    body = (
      <PaidSummary
        page={paid.page}
        attempt={paid.attempt}
        language={i18n.language}
        t={t}
        actions={
          membership ? (
            <Button component="a" href="/apps/paquetes" variant="light" data-testid="paid-my-plan">
              {t('me.myPlan')}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (paymentAttempt) {
    body = (
      <PaymentReturn
        token={token}
        attemptId={paymentAttempt}
        canceled={paymentCanceled}
        onPaid={(attempt) => {
          setPaid({ attempt, page: null });
          onReturnHandled();
        }}
        onDone={onReturnHandled}
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('me.title')}
        </Title>
        <PaymentPanel
          token={token}
          waitForToken
          returnPath={`/me/payments/${encodeURIComponent(token)}`}
          onPaid={(attempt, page) => setPaid({ attempt, page })}
          {...(redirect ? { redirect } : {})}
        />
      </Stack>
    );
  }
  // After a return the page is read again: the panel sees the checkout paid and hands over its summary.
  if (paid && !paid.page && session.status === 'authenticated' && !paymentAttempt) {
    body = (
      <PaymentPanel
        token={token}
        returnPath={`/me/payments/${encodeURIComponent(token)}`}
        onPaid={(attempt, page) => setPaid({ attempt, page })}
        {...(redirect ? { redirect } : {})}
      />
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mx="auto" w="100%" data-testid="me-payment-page">
      {body}
    </Card>
  );
}
