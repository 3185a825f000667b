import { OrderLimits, type OrderPackage } from '@vitrina/contracts';
import { Button, Group, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import type { PackageSize } from '../api/resize-package';
import type { PackingT } from '../i18n/texts';

interface Props {
  pkg: OrderPackage;
  saving: boolean;
  onSave: (size: PackageSize) => void;
  onCancel: () => void;
  t: PackingT;
}

const FIELDS = [
  ['length_cm', 'edit.length', 1, OrderLimits.packageSideMaxCm],
  ['width_cm', 'edit.width', 1, OrderLimits.packageSideMaxCm],
  ['height_cm', 'edit.height', 1, OrderLimits.packageSideMaxCm],
  ['weight_g', 'edit.weight', 0, OrderLimits.packageWeightMaxG],
] as const;

/** The package's real measures (what the supplier used): sides in cm, weight in grams, within the server's limits. */
export function SizeForm({ pkg, saving, onSave, onCancel, t }: Props) {
  const [size, setSize] = useState<PackageSize>({
    length_cm: pkg.length_cm,
    width_cm: pkg.width_cm,
    height_cm: pkg.height_cm,
    weight_g: pkg.weight_g,
  });
  return (
    <form
      noValidate
      aria-label={t('edit.title', { n: pkg.index })}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(size);
      }}
    >
      <Stack gap="xs">
        <SimpleGrid cols={2} spacing="xs">
          {FIELDS.map(([key, label, min, max]) => (
            <NumberInput
              key={key}
              size="xs"
              label={t(label)}
              min={min}
              max={max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="strict"
              value={size[key]}
              onChange={(value) => setSize((s) => ({ ...s, [key]: typeof value === 'number' ? value : Number(value) || min }))}
              data-testid={`size-${pkg.index}-${key}`}
            />
          ))}
        </SimpleGrid>
        <Group gap="xs" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel}>
            {t('edit.cancel')}
          </Button>
          <Button size="xs" type="submit" loading={saving} data-testid={`size-${pkg.index}-save`}>
            {t('edit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
