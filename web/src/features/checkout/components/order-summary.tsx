import { Button, Center, Collapse, Divider, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconPhoto } from '@tabler/icons-react';
import { ResponsiveImage } from '@/components/responsive-image';
import { formatMoney } from '@/lib/money';
import type { Checkout } from '../api/types';
import type { CheckoutT } from '../i18n/texts';
import classes from './checkout.module.css';

interface Props {
  checkout: Checkout;
  t: CheckoutT;
  language: string;
  opened: boolean;
  onToggle: () => void;
}

/** spec 3 §2 'an order-summary toggle': the lines, subtotal, shipping and total. */
export function OrderSummary({ checkout, t, language, opened, onToggle }: Props) {
  const money = (minor: number) => formatMoney(minor, checkout.currency, language);
  // Services, experiences and digital items ship nothing: the summary says so instead of 'to be calculated'.
  let shipping = checkout.needs_delivery ? t('summary.shippingPending') : t('summary.noShipping');
  if (checkout.shipping_minor !== null)
    shipping = checkout.shipping_minor === 0 ? t('summary.shippingFree') : money(checkout.shipping_minor);
  return (
    <Stack gap="xs" data-testid="checkout-summary">
      <Button
        variant="subtle"
        justify="space-between"
        fullWidth
        onClick={onToggle}
        aria-expanded={opened}
        aria-controls="checkout-summary-lines"
        rightSection={
          <Text fw={700} component="span" data-testid="checkout-summary-total">
            {money(checkout.total_minor)}
          </Text>
        }
        leftSection={opened ? <IconChevronUp size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
        h="auto"
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
        data-testid="checkout-summary-toggle"
      >
        {opened ? t('summary.hide') : t('summary.show')}
      </Button>
      <Collapse expanded={opened} id="checkout-summary-lines">
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {checkout.lines.map((line) => (
            <Group key={line.line_id} component="li" gap="sm" wrap="nowrap" align="flex-start" data-testid="checkout-line">
              {line.photo ? (
                <ResponsiveImage src={line.photo} alt="" className={classes.thumb} sizes="56px" />
              ) : (
                <Center className={classes.thumb} aria-label={t('summary.noPhoto')}>
                  <IconPhoto size={20} stroke={1.5} aria-hidden />
                </Center>
              )}
              <Stack gap={2} flex={1} miw={0}>
                <Text size="sm" fw={600} lineClamp={2}>
                  {line.name}
                </Text>
                {Object.keys(line.variant).length > 0 && (
                  // the chosen variant, as the cart showed it: "Talla: M · Color: Rojo"
                  <Text size="xs" c="dimmed" data-testid="checkout-line-variant">
                    {Object.entries(line.variant)
                      .map(([name, option]) => `${name}: ${option}`)
                      .join(' · ')}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {t('summary.quantity', { count: line.amount })} · {t('summary.unitPrice', { price: money(line.unit_price_minor) })}
                </Text>
              </Stack>
              <Text size="sm" fw={600}>
                {money(line.total_minor)}
              </Text>
            </Group>
          ))}
        </Stack>
        <Divider my="sm" />
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm">{t('summary.subtotal')}</Text>
            <Text size="sm">{money(checkout.subtotal_minor)}</Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm">{t('summary.shipping')}</Text>
            <Text size="sm" data-testid="checkout-summary-shipping">
              {shipping}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text fw={700}>{t('summary.total')}</Text>
            <Text fw={700}>{money(checkout.total_minor)}</Text>
          </Group>
        </Stack>
      </Collapse>
    </Stack>
  );
}
