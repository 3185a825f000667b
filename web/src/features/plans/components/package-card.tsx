import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { Package } from '@vitrina/contracts';
import { useId } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { formatMoney } from '@/lib/money';
import { ratePercent } from '../domain/rates';
import { usePlansT, type PlansKey } from '../i18n/texts';
import classes from './plans.module.css';

export interface PackageCardProps {
  pkg: Package;
  /** How the button reads and acts (usePackagePurchase). */
  mode: 'loading' | 'register' | 'buy';
  /** The user's current package: marked 'Tu plan actual', its button disabled. */
  current?: boolean;
  /** The package the page was opened for (a link to it, a shop's signup plan): marked and outlined. */
  highlighted?: boolean;
  /** This package is being bought. */
  buying?: boolean;
  /** Another package is being bought. */
  busy?: boolean;
  onBuy: (packageId: string) => void;
  /** The card's heading level in its page. */
  headingOrder?: 2 | 3;
}

/**
 * A package (spec 2 §3 'Package', issue 16): its name, monthly price, the resale commission it gives (a share of the
 * contribution margin) and the apps it includes, with the buy button ('Comprar ahora'; 'Regístrate ahora' for a
 * visitor).
 */
export function PackageCard({
  pkg,
  mode,
  current = false,
  highlighted = false,
  buying = false,
  busy = false,
  onBuy,
  headingOrder = 3,
}: PackageCardProps) {
  const { t, i18n } = usePlansT();
  const titleId = useId();
  const known = t(`packages.${pkg.id}.name` as PlansKey, { defaultValue: '' });
  const name = known || pkg.name;
  const tagline = t(`packages.${pkg.id}.tagline` as PlansKey, { defaultValue: '' });
  const price = formatMoney(pkg.price_minor, pkg.currency, i18n.language);
  const appsId = `${titleId}-apps`;

  return (
    <Card
      component="article"
      id={`package-${pkg.id}`}
      withBorder
      radius="lg"
      padding="lg"
      className={`${classes.card} ${highlighted || current ? classes.highlighted : ''}`}
      aria-labelledby={titleId}
      data-testid={`package-${pkg.id}`}
      data-current={current || undefined}
    >
      <Stack gap="md" flex={1}>
        <Stack gap={6}>
          {(current || highlighted) && (
            <Group gap="xs">
              {current && (
                <Badge color="vitrina" variant="filled">
                  {t('card.current')}
                </Badge>
              )}
              {highlighted && !current && (
                <Badge color="vitrina" variant="light">
                  {t('card.selected')}
                </Badge>
              )}
            </Group>
          )}
          <Title order={headingOrder} size="h3" id={titleId}>
            {name}
          </Title>
          {tagline && (
            <Text size="sm" c="dimmed">
              {tagline}
            </Text>
          )}
        </Stack>

        <Group gap={4} align="baseline" aria-label={t('card.price', { price })} role="group">
          <Text component="span" className={classes.price} aria-hidden>
            {price}
          </Text>
          <Text component="span" c="dimmed" aria-hidden>
            {t('card.perMonth')}
          </Text>
        </Group>

        <div>
          <Text size="sm" c="dimmed">
            {t('card.rateLabel')}
          </Text>
          <Text fw={600} data-testid="package-rate">
            {t('card.rate', { rate: ratePercent(pkg.plan_commission_rate, i18n.language) })}
          </Text>
        </div>

        {pkg.apps.length > 0 && (
          <div>
            <Text size="sm" fw={600} id={appsId}>
              {t('card.includes')}
            </Text>
            <Stack component="ul" gap={6} mt={6} className={classes.plainList} aria-labelledby={appsId}>
              {pkg.apps.map((app) => (
                <Group component="li" key={app} gap="xs" wrap="nowrap">
                  <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                  <Text size="sm">{t(`apps.${app}` as PlansKey, { defaultValue: app })}</Text>
                </Group>
              ))}
            </Stack>
          </div>
        )}
      </Stack>

      <Button
        mt="lg"
        fullWidth
        variant={current ? 'default' : 'filled'}
        disabled={current || mode === 'loading' || busy}
        loading={buying}
        aria-describedby={titleId}
        onClick={() => onBuy(pkg.id)}
        onFocus={mode === 'register' ? authModal.prefetch : undefined}
        onPointerEnter={mode === 'register' ? authModal.prefetch : undefined}
        data-testid={`package-buy-${pkg.id}`}
      >
        {current ? t('card.currentButton') : mode === 'register' ? t('card.register') : t('card.buy')}
      </Button>
    </Card>
  );
}
