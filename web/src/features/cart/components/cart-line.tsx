import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import type { CartProduct } from '@/features/cart/api/types';
import { useCartT } from '@/features/cart/i18n/texts';
import { ResponsiveImage } from '@/components/responsive-image';
import { formatMoney } from '@/lib/money';
import classes from './cart.module.css';
import { QuantityInput } from './quantity-input';

interface CartLineProps {
  product: CartProduct;
  busy: boolean;
  onAmount: (amount: number, options: { increment: boolean }) => void;
  onRemove: () => void;
}

function Availability({ product }: { product: CartProduct }) {
  const { t } = useCartT();
  if (product.disabled) {
    return (
      <Text size="xs" c="red.7" fw={600} data-testid="line-disabled-reason">
        {t(`line.disabled.${product.disabled_reason ?? 'unknown'}`)}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      {product.stock_type === 'ondemand'
        ? t('line.onDemand')
        : product.available !== null
          ? t('line.available', { count: product.available })
          : t('line.inStock')}
      {product.max_purchase_amount !== null && ` · ${t('line.maxPurchase', { count: product.max_purchase_amount })}`}
    </Text>
  );
}

/** The chosen variant as the line shows it under the name: "Talla: M · Color: Rojo" (empty when none). */
export function variantText(variant: Record<string, string>): string {
  return Object.entries(variant)
    .map(([name, option]) => `${name}: ${option}`)
    .join(' · ');
}

/**
 * A cart line (spec 1 §2 'Cart side panel'): photo, name, the chosen variant, availability, quantity, delete and the
 * line's total.
 */
export function CartLine({ product, busy, onAmount, onRemove }: CartLineProps) {
  const { t, i18n } = useCartT();
  const money = (minor: number) => formatMoney(minor, product.currency, i18n.language);
  const variant = variantText(product.variant);
  // two lines of one item differ by their variant: the controls' names say which
  const label = variant ? `${product.name} (${variant})` : product.name;
  return (
    <li className={`${classes.line} ${product.disabled ? classes.disabledLine : ''}`} data-testid="cart-line" aria-busy={busy || undefined}>
      {product.photo ? (
        <ResponsiveImage src={product.photo} alt="" sizes="60px" className={classes.photo} width={60} height={60} />
      ) : (
        <div className={classes.photo} aria-hidden>
          <IconPhoto size={24} style={{ margin: 18 }} color="var(--mantine-color-gray-5)" />
        </div>
      )}
      <Stack gap={4} miw={0}>
        <Group justify="space-between" wrap="nowrap" align="start" gap="xs">
          <Text size="sm" fw={600} className={classes.name} lineClamp={2}>
            {product.name}
          </Text>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t('line.remove', { name: label })}
            disabled={busy}
            onClick={onRemove}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {variant && (
          <Text size="xs" c="dimmed" data-testid="line-variant">
            {variant}
          </Text>
        )}
        <Availability product={product} />
        <div className={classes.lineFoot}>
          {product.disabled ? (
            <Text size="xs" c="dimmed">
              {t('line.unitPrice', { price: money(product.unit_price_minor) })}
            </Text>
          ) : (
            <QuantityInput name={label} value={product.amount} disabled={busy} onChange={onAmount} />
          )}
          <Stack gap={0} align="end">
            <Text size="sm" fw={700} data-testid="line-total">
              {money(product.total_minor)}
            </Text>
            {product.amount > 1 && (
              <Text size="xs" c="dimmed">
                {t('line.unitPrice', { price: money(product.unit_price_minor) })}
              </Text>
            )}
          </Stack>
        </div>
      </Stack>
    </li>
  );
}
