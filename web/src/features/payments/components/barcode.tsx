import { Text } from '@mantine/core';
import { code128Bars } from '../lib/code128';
import classes from './payments.module.css';

const QUIET_MODULES = 10;
const HEIGHT = 60;

/** The voucher's reference as a Code 128 barcode in SVG (text only when it cannot be drawn). */
export function Barcode({ value, label }: { value: string; label: string }) {
  const drawn = code128Bars(value, QUIET_MODULES);
  if (!drawn) {
    return (
      <Text className={classes.reference} data-testid="voucher-barcode-text">
        {value}
      </Text>
    );
  }
  const { bars, total } = drawn;
  return (
    <svg
      className={classes.barcode}
      viewBox={`0 0 ${total} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="voucher-barcode"
      shapeRendering="crispEdges"
    >
      <rect x={0} y={0} width={total} height={HEIGHT} fill="#fff" />
      <g fill="#000">
        {bars.map((bar) => (
          <rect key={bar.x} x={bar.x} y={0} width={bar.width} height={HEIGHT} />
        ))}
      </g>
    </svg>
  );
}
