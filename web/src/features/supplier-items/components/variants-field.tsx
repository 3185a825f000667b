import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { CatalogueLimits } from '@vitrina/contracts';
import { VARIANT_LIMITS, type ItemFormValues } from '../domain/item-form';
import type { SupplierT } from '../i18n/texts';

/** Variants: name -> value rows (spec 1 §3 'variants (map name to value)'), within the catalogue's limit. */
export function VariantsField({ form, t }: { form: UseFormReturnType<ItemFormValues>; t: SupplierT }) {
  const rows = form.getValues().variants;
  const full = rows.length >= CatalogueLimits.itemVariantsMax;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('form.variantsHint', { max: CatalogueLimits.itemVariantsMax })}
      </Text>
      {rows.map((_row, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap" data-testid="item-variant-row">
          <TextInput
            aria-label={t('form.variantName', { n: index + 1 })}
            placeholder={t('form.variantNamePlaceholder')}
            maxLength={VARIANT_LIMITS.nameMax + 10}
            flex={1}
            miw={0}
            {...form.getInputProps(`variants.${index}.key`)}
          />
          <TextInput
            aria-label={t('form.variantValue', { n: index + 1 })}
            placeholder={t('form.variantValuePlaceholder')}
            maxLength={VARIANT_LIMITS.valueMax + 10}
            flex={2}
            miw={0}
            {...form.getInputProps(`variants.${index}.value`)}
          />
          <ActionIcon
            variant="light"
            color="red"
            size="lg"
            mt={2}
            aria-label={t('form.variantRemove', { n: index + 1 })}
            onClick={() => form.removeListItem('variants', index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {form.errors['variants'] && (
        <Text size="xs" c="red" role="alert">
          {form.errors['variants']}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={full}
          onClick={() => form.insertListItem('variants', { key: '', value: '' })}
          data-testid="item-variant-add"
        >
          {t('form.variantAdd')}
        </Button>
      </Group>
    </Stack>
  );
}
