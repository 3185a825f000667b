import { Input, PinInput } from '@mantine/core';
import { PIN_LENGTH } from '@vitrina/contracts';
import { useId } from 'react';

interface PinFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  error?: string | null | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * spec 2 §5: the PIN is 6 numeric digits. One box per digit, numeric keyboard on phones, digits only,
 * pasting the whole code fills every box, and the SMS code is offered by the phone's autofill.
 */
export function PinField({ label, value, onChange, onComplete, error, disabled, autoFocus }: PinFieldProps) {
  const id = useId();
  return (
    <Input.Wrapper label={label} error={error} labelProps={{ htmlFor: `${id}-1` }}>
      <PinInput
        id={id}
        length={PIN_LENGTH}
        type="number"
        inputMode="numeric"
        oneTimeCode
        size="lg"
        gap="xs"
        placeholder="·"
        value={value}
        onChange={onChange}
        {...(onComplete ? { onComplete } : {})}
        error={Boolean(error)}
        {...(disabled !== undefined ? { disabled } : {})}
        {...(autoFocus !== undefined ? { autoFocus } : {})}
        getInputProps={(index) => ({ 'aria-label': `${label} (${index + 1}/${PIN_LENGTH})` })}
        mt={4}
      />
    </Input.Wrapper>
  );
}
