import { TextInput, type TextInputProps } from '@mantine/core';
import { stripSpaces } from '../domain/phone';

interface EmailInputProps extends Omit<TextInputProps, 'onChange' | 'value' | 'type'> {
  value: string;
  onChange: (value: string) => void;
}

/** spec 2 §5: the space key does nothing in the e-mail field, and pasted spaces are stripped. */
export function EmailInput({ value, onChange, onKeyDown, ...props }: EmailInputProps) {
  return (
    <TextInput
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
      value={value}
      onKeyDown={(event) => {
        if (event.key === ' ') event.preventDefault();
        onKeyDown?.(event);
      }}
      onChange={(event) => onChange(stripSpaces(event.currentTarget.value))}
    />
  );
}
