/**
 * Code 128 (ISO/IEC 15417) for the cash voucher's barcode, drawn as SVG by components/barcode.tsx. All-digit
 * values of even length use code set C (two digits per symbol, half as wide); anything else printable uses set B.
 */

// prettier-ignore
const PATTERNS: readonly string[] = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

export const CODE128_PATTERNS = PATTERNS;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The longest value drawn as bars; a longer one is shown as text only (the counter types the reference). */
export const BARCODE_MAX_LENGTH = 48;

/** The symbol values (start, data, checksum, stop), or null when the value cannot be encoded. */
export function code128Symbols(value: string): number[] | null {
  if (value.length === 0 || value.length > BARCODE_MAX_LENGTH) return null;
  let data: number[];
  let start: number;
  if (/^\d+$/.test(value) && value.length % 2 === 0) {
    start = START_C;
    data = [];
    for (let i = 0; i < value.length; i += 2) data.push(Number(value.slice(i, i + 2)));
  } else {
    start = START_B;
    data = [];
    for (const char of value) {
      const code = char.charCodeAt(0);
      if (code < 32 || code > 126) return null;
      data.push(code - 32);
    }
  }
  const checksum = data.reduce((sum, symbol, index) => sum + symbol * (index + 1), start) % 103;
  return [start, ...data, checksum, STOP];
}

/** Alternating bar/space widths in modules, bar first (quiet zones not included). */
export function code128Widths(value: string): number[] | null {
  const symbols = code128Symbols(value);
  if (!symbols) return null;
  return symbols.flatMap((symbol) => (PATTERNS[symbol] ?? '').split('').map(Number));
}

/** The bars to draw: where each starts and how wide it is, in modules, after a quiet zone of `quiet` modules. */
export function code128Bars(value: string, quiet: number): { bars: Array<{ x: number; width: number }>; total: number } | null {
  const widths = code128Widths(value);
  if (!widths) return null;
  const bars: Array<{ x: number; width: number }> = [];
  let x = quiet;
  widths.forEach((width, index) => {
    if (index % 2 === 0) bars.push({ x, width });
    x += width;
  });
  return { bars, total: x + quiet };
}
