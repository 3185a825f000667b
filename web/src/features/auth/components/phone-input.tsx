import { Group, Input, NativeSelect, TextInput } from '@mantine/core';
import { useId, useMemo, type FocusEventHandler } from 'react';
import { useAuthTranslation } from '@/features/auth/i18n/texts';
import { acceptPhoneInput, callingCodeOf, PHONE_COUNTRIES, type PhoneValue } from '../domain/phone';

interface PhoneInputProps {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  label?: string;
  error?: string | null | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  required?: boolean;
}

/**
 * spec 2 §3, §5 phone input: a country selector (with its calling code) beside the number. Spaces are
 * stripped, the length is capped by country (MX 12, US/CA 14, AR 12, else 10), 10 digits show as (###) ###-####.
 */
export function PhoneInput({ value, onChange, onBlur, label, error, disabled, autoFocus, required }: PhoneInputProps) {
  const { t, i18n } = useAuthTranslation();
  const id = useId();
  const countries = useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      names = null;
    }
    return PHONE_COUNTRIES.map((country) => ({
      value: country,
      label: `${names?.of(country) ?? country} (+${callingCodeOf(country)})`,
    }));
  }, [i18n.language]);

  return (
    <Input.Wrapper label={label ?? t('fields.phone')} error={error} required={required} labelProps={{ htmlFor: id }}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <NativeSelect
          aria-label={t('fields.country')}
          data={countries}
          value={value.country}
          disabled={disabled}
          w={{ base: 112, xs: 170 }}
          styles={{ input: { textOverflow: 'ellipsis' } }}
          error={Boolean(error)}
          onChange={(event) => {
            const country = event.currentTarget.value;
            onChange({ phone: acceptPhoneInput('', value.phone, country), country, country_code: callingCodeOf(country) });
          }}
        />
        <TextInput
          id={id}
          flex={1}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('fields.phonePlaceholder')}
          value={value.phone}
          disabled={disabled}
          autoFocus={autoFocus}
          error={Boolean(error)}
          aria-required={required}
          onBlur={onBlur}
          onChange={(event) => onChange({ ...value, phone: acceptPhoneInput(value.phone, event.currentTarget.value, value.country) })}
        />
      </Group>
    </Input.Wrapper>
  );
}
