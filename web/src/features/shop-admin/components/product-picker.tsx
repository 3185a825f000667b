import { Avatar, Button, Combobox, Group, Loader, Paper, Skeleton, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import type { ItemSuggestionJson } from '@vitrina/contracts';
import { useId, useRef, useState, type RefObject } from 'react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import type { OwnerRef } from '../api/http';
import { useOwnerShopRef } from '../api/owner-shop';
import { usePickedItem, useShopProductSuggestions } from '../api/product-search';

/** spec 1 §9: type-ahead debounce 400 ms. */
export const PICKER_DEBOUNCE_MS = 400;

/** A product link as banners and headers store it: the item id and its supplier (the item's owner). */
export interface PickedProduct {
  product: string;
  supplier: string;
}

interface Props {
  owner: OwnerRef;
  /** The shop's id or slug when the caller has it; else the owner's shop is read once. */
  shopRef?: string | undefined;
  label: string;
  value: PickedProduct | null;
  onChange: (value: PickedProduct | null) => void;
  error?: string | null | undefined;
  testId?: string;
}

/**
 * The product of a banner or header link (spec 1 §2, §4 'A banner link type toggles between product and URL'):
 * the owner types, the shop's type-ahead (the storefront search's, 5 suggestions) offers products, and the
 * chosen one shows with its photo and name; 'Change' goes back to the search.
 */
export function ProductPicker({ owner, shopRef, label, value, onChange, error, testId = 'product-picker' }: Props) {
  const { t } = useShopAdminTranslation();
  const shop = useOwnerShopRef(owner, shopRef);
  const inputRef = useRef<HTMLInputElement>(null);
  const labelId = useId();

  if (value) {
    return (
      <Stack gap={4} data-testid={testId}>
        <Text size="sm" fw={500} id={labelId}>
          {label}
        </Text>
        <PickedCard value={value} shop={shop} labelledBy={labelId} />
        <Group>
          <Button
            size="xs"
            variant="light"
            onClick={() => {
              onChange(null);
              // The search field comes back: give it the focus (keyboard users stay in place).
              requestAnimationFrame(() => inputRef.current?.focus());
            }}
            data-testid={`${testId}-change`}
          >
            {t('productPicker.change')}
          </Button>
        </Group>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Stack>
    );
  }
  return <ProductSearch shop={shop} label={label} error={error} onPick={onChange} inputRef={inputRef} testId={testId} />;
}

function PickedCard({ value, shop, labelledBy }: { value: PickedProduct; shop: string | null; labelledBy: string }) {
  const { t } = useShopAdminTranslation();
  const item = usePickedItem(value.supplier, value.product, shop);
  return (
    <Paper withBorder p="xs" radius="sm" aria-labelledby={labelledBy} role="group" data-testid="picked-product">
      <Group gap="sm" wrap="nowrap">
        {item.isPending ? (
          <>
            <Skeleton h={40} w={40} radius="sm" />
            <Skeleton h={14} w="60%" />
          </>
        ) : (
          <>
            <Avatar src={item.data?.photos[0] ?? null} size={40} radius="sm" alt="">
              <IconPhoto size={20} aria-hidden />
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {item.data?.name ?? t('productPicker.unavailable')}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {item.data?.owner_name ?? value.product}
              </Text>
            </div>
          </>
        )}
      </Group>
    </Paper>
  );
}

interface SearchProps {
  shop: string | null;
  label: string;
  error?: string | null | undefined;
  onPick: (value: PickedProduct) => void;
  inputRef: RefObject<HTMLInputElement | null>;
  testId: string;
}

function ProductSearch({ shop, label, error, onPick, inputRef, testId }: SearchProps) {
  const { t } = useShopAdminTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, PICKER_DEBOUNCE_MS);
  const query = useShopProductSuggestions(shop, debounced);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const suggestions: ItemSuggestionJson[] = query.data?.results ?? [];
  const typing = text.trim().length > 0;
  const waiting = typing && (text !== debounced || query.isFetching || !shop);

  const submit = (id: string) => {
    const picked = suggestions.find((suggestion) => suggestion.id === id);
    if (!picked) return;
    combobox.closeDropdown();
    onPick({ product: picked.id, supplier: picked.owner });
  };

  return (
    <Combobox store={combobox} onOptionSubmit={submit}>
      <Combobox.Target>
        <TextInput
          ref={inputRef}
          label={label}
          placeholder={t('productPicker.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={waiting ? <Loader size={14} /> : null}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter picks the highlighted product, never submits a surrounding form.
            if (event.key === 'Enter') event.preventDefault();
          }}
          data-testid={`${testId}-search`}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!typing}>
        <Combobox.Options aria-label={t('productPicker.suggestions')} mah={300} style={{ overflowY: 'auto' }}>
          {query.isError ? (
            <Combobox.Empty>{t('common.loadError')}</Combobox.Empty>
          ) : waiting || !query.data ? (
            <Combobox.Empty>{t('productPicker.searching')}</Combobox.Empty>
          ) : suggestions.length === 0 ? (
            <Combobox.Empty>{t('productPicker.noResults')}</Combobox.Empty>
          ) : (
            suggestions.map((suggestion) => (
              <Combobox.Option key={suggestion.id} value={suggestion.id} data-testid={`${testId}-option`}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={suggestion.photo} size={36} radius="sm" alt="">
                    <IconPhoto size={18} aria-hidden />
                  </Avatar>
                  <Text size="sm" lineClamp={2}>
                    {suggestion.name}
                  </Text>
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** The name of a linked product for lists (the id while it loads or when it cannot be read). */
export function ProductName({ owner, shopRef, value }: { owner: OwnerRef; shopRef?: string | undefined; value: PickedProduct }) {
  const shop = useOwnerShopRef(owner, shopRef);
  const item = usePickedItem(value.supplier, value.product, shop);
  return <>{item.data?.name ?? value.product}</>;
}
