import { NativeSelect } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { changeLocale } from '@/i18n/i18n';
import { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES } from '@/i18n/locales';

const options = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** A native select: accessible, keyboard and mobile friendly, and no popover code in the bundle. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const current = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <NativeSelect
      size="xs"
      aria-label={t('footer.language')}
      leftSection={<IconLanguage size={14} aria-hidden />}
      data={options}
      value={current}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLocale(next)) void changeLocale(i18n, next);
      }}
    />
  );
}
