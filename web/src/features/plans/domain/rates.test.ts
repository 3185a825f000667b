import { describe, expect, it } from 'vitest';
import { ratePercent } from './rates';

describe('a commission rate as a percentage', () => {
  it('writes the API rate as the reader’s number', () => {
    expect(ratePercent('0.600000', 'es')).toBe('60');
    expect(ratePercent('0.575000', 'es')).toBe('57.5');
    expect(ratePercent('0.575000', 'es-AR')).toBe('57,5');
    expect(ratePercent('0.700000', 'en')).toBe('70');
    expect(ratePercent('n/a', 'es')).toBe('n/a');
  });
});
