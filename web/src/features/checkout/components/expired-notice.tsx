import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockOff } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { LinkButton } from '@/components/link-button';
import { sourceOf, useStartCheckout } from '../api/restart-checkout';
import type { Checkout } from '../api/types';
import { createCheckoutErrorKey } from '../lib/errors';
import { isRetryable, type IdempotencyKeys } from '@/lib/idempotency-keys';
import type { CheckoutT } from '../i18n/texts';

interface Props {
  checkout: Checkout;
  t: CheckoutT;
  keys: IdempotencyKeys;
  onRestarted: (checkoutId: string) => void;
}

/**
 * spec 3 §2: 'When it expires the user is told the time has expired and can restart.' Restarting creates the
 * checkout again from the same cart order (or the same item bought at once), which reserves the stock anew; when
 * that is refused the reason shows and the shopper goes back to the shop's cart.
 */
export function ExpiredNotice({ checkout, t, keys, onRestarted }: Props) {
  const restart = useStartCheckout();
  const [source] = useState(() => sourceOf(checkout));

  const run = () => {
    if (!source) return;
    const key = keys.keyFor('restart', source);
    restart.mutate(
      { source, key },
      {
        onSuccess: (next) => {
          keys.settle('restart');
          onRestarted(next.id);
        },
        onError: (error) => {
          if (!isApiError(error) || !isRetryable(error.status, error.code)) keys.settle('restart');
        },
      },
    );
  };

  return (
    <Card withBorder padding="lg" radius="md" maw={560} mx="auto" data-testid="checkout-expired">
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="nowrap">
          <IconClockOff size={28} aria-hidden />
          <Title order={2} size="h3">
            {t('countdown.expiredTitle')}
          </Title>
        </Group>
        <Text c="dimmed">{t('countdown.expiredText')}</Text>
        {restart.isError && (
          <Alert color="orange" title={t('errors.title')} data-testid="checkout-restart-error" w="100%">
            {t(createCheckoutErrorKey(restart.error))}
          </Alert>
        )}
        <Group gap="sm">
          {source && (
            <Button onClick={run} loading={restart.isPending} data-testid="checkout-restart">
              {t('countdown.restart')}
            </Button>
          )}
          <LinkButton to="/tienda/$shopSlug/" params={{ shopSlug: checkout.shop_slug }} variant="default">
            {t('page.backToShop')}
          </LinkButton>
        </Group>
      </Stack>
    </Card>
  );
}
