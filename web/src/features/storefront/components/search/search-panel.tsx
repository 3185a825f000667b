import { Combobox, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import type { ItemType } from '@vitrina/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/responsive-image';
import { useSuggestions } from '@/features/storefront/api/get-suggestions';
import { itemDetailPath } from '@/features/storefront/lib/listing-search';
import { useShopNavigate } from '@/features/storefront/components/shared/shop-link';
import { useShop } from '@/features/storefront/components/shared/storefront-context';
import { canSearch, SEARCH_DEBOUNCE_MS, SEARCH_TYPES } from './search-types';

const ALL_RESULTS = '__all__';

/**
 * spec 1 §2 'Search': a type selector (product, digital, service, experience) and an asynchronous autocomplete
 * (debounce 400 ms, 5 suggestions). Suggestions load only when the shop has an owner and the text is not
 * empty; Enter (or the last option) opens the results page.
 */
export default function SearchPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('storefront');
  const shop = useShop();
  const go = useShopNavigate();
  const phone = useMediaQuery('(max-width: 36em)');
  const [type, setType] = useState<ItemType>('product');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const enabled = opened && canSearch(shop, debounced);
  const query = useSuggestions({ shop: shop.slug, text: debounced, type }, enabled);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const suggestions = query.data?.results ?? [];
  const waiting = canSearch(shop, text) && (text !== debounced || query.isFetching);

  const openResults = () => {
    if (!canSearch(shop, text)) return;
    onClose();
    void go('/buscar', { text: text.trim(), ...(type !== 'product' ? { type } : {}) });
  };

  const onOptionSubmit = (value: string) => {
    if (value === ALL_RESULTS) return openResults();
    const suggestion = suggestions.find((s) => s.id === value);
    if (!suggestion) return;
    onClose();
    void go(itemDetailPath(suggestion));
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('search.title')}
      size="lg"
      fullScreen={phone}
      yOffset="8vh"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          size="xs"
          value={type}
          onChange={(value) => setType(value)}
          data={SEARCH_TYPES.map((value) => ({ value, label: t(`search.types.${value}`) }))}
          aria-label={t('search.typeLabel')}
        />
        <Combobox store={combobox} onOptionSubmit={onOptionSubmit} withinPortal={false}>
          <Combobox.Target>
            <TextInput
              data-autofocus
              size="md"
              placeholder={t(`search.placeholder.${type}`)}
              aria-label={t('search.label')}
              leftSection={<IconSearch size={18} aria-hidden />}
              rightSection={waiting ? <Loader size={16} /> : null}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                combobox.openDropdown();
                combobox.updateSelectedOptionIndex();
              }}
              onFocus={() => combobox.openDropdown()}
              onKeyDown={(event) => {
                // Enter with no highlighted suggestion opens the results page.
                if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
                  event.preventDefault();
                  openResults();
                }
              }}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={!canSearch(shop, text)}>
            <Combobox.Options aria-label={t('search.suggestions')}>
              {query.isError ? (
                <Combobox.Empty>{t('search.error')}</Combobox.Empty>
              ) : !query.data || text !== debounced ? (
                <Combobox.Empty>{t('search.searching')}</Combobox.Empty>
              ) : suggestions.length === 0 ? (
                <Combobox.Empty data-testid="search-empty">{t(`search.none.${type}`, { text: debounced })}</Combobox.Empty>
              ) : (
                suggestions.map((suggestion) => (
                  <Combobox.Option key={suggestion.id} value={suggestion.id} data-testid="search-suggestion">
                    <Group gap="sm" wrap="nowrap">
                      {suggestion.photo ? (
                        <ResponsiveImage
                          src={suggestion.photo}
                          alt=""
                          width={40}
                          height={40}
                          sizes="40px"
                          style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
                        />
                      ) : (
                        <IconPhoto size={24} aria-hidden />
                      )}
                      <Text size="sm" lineClamp={2}>
                        {suggestion.name}
                      </Text>
                    </Group>
                  </Combobox.Option>
                ))
              )}
              {text.trim() && (
                <Combobox.Option value={ALL_RESULTS}>
                  <Text size="sm" fw={600} c="var(--mantine-primary-color-filled)">
                    {t('search.allResults', { text: text.trim() })}
                  </Text>
                </Combobox.Option>
              )}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        {!shop.owner && (
          <Text size="sm" c="dimmed">
            {t('search.noOwner')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
