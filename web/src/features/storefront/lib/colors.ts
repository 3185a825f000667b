/** `#rgb` / `#rrggbb` -> relative luminance (0 dark .. 1 light); null for anything else. */
export function luminance(color: string): number | null {
  const hex = color.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.replace(/./g, '$&$&') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(full.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text colour that reads on a gradient between two colours: dark on light backgrounds, white on dark ones. */
export function readableOn(from: string, to: string): 'dark' | 'light' {
  const values = [luminance(from), luminance(to)].filter((v): v is number => v !== null);
  if (values.length === 0) return 'dark';
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return mean > 0.4 ? 'dark' : 'light';
}
