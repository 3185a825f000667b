/** Integer minor units → the spec's 2-decimal string ("99.00"). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "99", "99.5", "99.50" → 9950 minor units. The DTO has already checked the shape. */
export function parseMoney(value: string): number {
  const [units, decimals = ''] = value.split('.');
  return Number(units) * 100 + Number(decimals.padEnd(2, '0'));
}
