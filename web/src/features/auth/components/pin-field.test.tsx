import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PinField } from './pin-field';

function Harness({ onComplete }: { onComplete?: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <MantineProvider env="test">
      <PinField label="PIN de 6 dígitos" value={value} onChange={setValue} {...(onComplete ? { onComplete } : {})} />
      <output data-testid="value">{value}</output>
    </MantineProvider>
  );
}

const boxes = () => screen.getAllByLabelText<HTMLInputElement>(/^PIN de 6 dígitos \(\d\/6\)$/);

describe('PIN input (spec 2 §5: 6 numeric digits)', () => {
  it('has six boxes with the numeric keyboard and one-time-code autofill', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    for (const box of boxes()) {
      expect(box.getAttribute('inputmode')).toBe('numeric');
      expect(box.getAttribute('autocomplete')).toBe('one-time-code');
    }
  });

  it('takes digits and ignores letters', () => {
    render(<Harness />);
    fireEvent.change(boxes()[0]!, { target: { value: '4' } });
    fireEvent.change(boxes()[1]!, { target: { value: 'a' } });
    expect(screen.getByTestId('value').textContent).toBe('4');
  });

  it('fills every box from a pasted code and reports it complete', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
    expect(screen.getByTestId('value').textContent).toBe('123456');
    expect(boxes().map((box) => box.value)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('refuses a pasted code with letters', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '12ab56' } });
    expect(screen.getByTestId('value').textContent).toBe('');
  });
});
