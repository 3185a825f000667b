import { Button, Group, NativeSelect, NumberInput } from '@mantine/core';
import { useState } from 'react';
import type { Destination } from '../lib/packing';
import type { PackingT } from '../i18n/texts';

interface Props {
  /** `${place}-${lineId}`: unique ids for the fields' labels. */
  id: string;
  name: string;
  /** Units of the line here: the most that can move. */
  max: number;
  destinations: Destination[];
  /** 'submit' from a package, 'pack' from the not-packed units. */
  verb: 'submit' | 'pack';
  disabled: boolean;
  onMove: (to: number, quantity: number) => void;
  t: PackingT;
}

/** Where to and how many: native select and number field (keyboard first), then one button. */
export function MoveControl({ id, name, max, destinations, verb, disabled, onMove, t }: Props) {
  const [to, setTo] = useState(destinations[0]?.value ?? '');
  const [quantity, setQuantity] = useState<number>(max);
  const chosen = destinations.some((d) => d.value === to) ? to : (destinations[0]?.value ?? '');
  const amount = Math.min(Math.max(1, Math.trunc(quantity || 1)), max);
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap" role="group" aria-label={t('move.label', { name })} data-testid={`move-${id}`}>
      <NativeSelect
        size="xs"
        label={t('move.to')}
        value={chosen}
        onChange={(event) => setTo(event.currentTarget.value)}
        data={destinations.map((d) => ({ value: d.value, label: t(d.label.key, d.label.n === undefined ? {} : { n: d.label.n }) }))}
        data-testid={`move-${id}-to`}
      />
      <NumberInput
        size="xs"
        w={80}
        label={t('move.quantity')}
        min={1}
        max={max}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        value={quantity}
        onChange={(value) => setQuantity(typeof value === 'number' ? value : Number(value))}
        data-testid={`move-${id}-quantity`}
      />
      <Button
        size="xs"
        variant="light"
        disabled={disabled || !chosen}
        onClick={() => onMove(Number(chosen), amount)}
        data-testid={`move-${id}-submit`}
      >
        {t(verb === 'pack' ? 'move.pack' : 'move.submit')}
      </Button>
    </Group>
  );
}
