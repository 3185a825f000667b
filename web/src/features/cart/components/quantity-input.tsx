import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState, type KeyboardEvent } from 'react';
import { useCartT } from '@/features/cart/i18n/texts';
import { canDecrement, isBlockedQuantityKey, parseQuantity } from '@/features/cart/lib/quantity';

interface QuantityInputProps {
  /** The line's name, for the controls' labels. */
  name: string;
  value: number;
  disabled?: boolean;
  /** A new quantity; `increment` when it came from the plus control (its refusal reads as the stock rule). */
  onChange: (amount: number, options: { increment: boolean }) => void;
}

/**
 * A cart line's quantity (spec 1 §5): digits only ('.', 'e' and '-' cannot be typed), the minus control disabled
 * at 1, a plus control. A typed value is sent on Enter or when the field loses focus; an empty or zero value goes
 * back to the current quantity (removing is the delete control's job).
 */
export function QuantityInput({ name, value, disabled = false, onChange }: QuantityInputProps) {
  const { t } = useCartT();
  // What the shopper is typing; null shows the line's quantity (and follows it when the cart answers).
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    if (draft === null) return;
    const amount = parseQuantity(draft);
    setDraft(null);
    if (amount !== null && amount >= 1 && amount !== value) onChange(amount, { increment: false });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isBlockedQuantityKey(event.key)) event.preventDefault();
    else if (event.key === 'Enter') commit();
  };

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="md"
        aria-label={t('line.decrease', { name })}
        disabled={disabled || !canDecrement(value)}
        onClick={() => onChange(value - 1, { increment: false })}
      >
        <IconMinus size={14} aria-hidden />
      </ActionIcon>
      <TextInput
        size="xs"
        w={52}
        value={draft ?? String(value)}
        disabled={disabled}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        aria-label={t('line.quantity', { name })}
        onKeyDown={onKeyDown}
        onChange={(event) => setDraft(event.currentTarget.value.replace(/\D/g, ''))}
        onBlur={commit}
        styles={{ input: { textAlign: 'center' } }}
      />
      <ActionIcon
        variant="default"
        size="md"
        aria-label={t('line.increase', { name })}
        disabled={disabled}
        onClick={() => onChange(value + 1, { increment: true })}
      >
        <IconPlus size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
