/** A balance chart's geometry: the points of an SVG polyline in a `width`×`height` box with `pad` around. */
export interface ChartPoint {
  date: string;
  balance_minor: number;
}

export function chartPath(points: readonly ChartPoint[], width: number, height: number, pad = 4): string {
  if (points.length === 0) return '';
  const values = points.map((point) => point.balance_minor);
  const min = Math.min(0, ...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const stepX = points.length > 1 ? (width - 2 * pad) / (points.length - 1) : 0;
  if (points.length === 1) {
    // one day with movements: the balance held since then, a level line across
    const y = pad + (1 - ((values[0] ?? 0) - min) / span) * (height - 2 * pad);
    return `M${pad.toFixed(1)},${y.toFixed(1)} L${(width - pad).toFixed(1)},${y.toFixed(1)}`;
  }
  return points
    .map((point, index) => {
      const x = points.length > 1 ? pad + index * stepX : width / 2;
      const y = pad + (1 - (point.balance_minor - min) / span) * (height - 2 * pad);
      return `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(' ');
}
