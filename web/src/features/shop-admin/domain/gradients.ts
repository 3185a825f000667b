import { StoreLimits } from '@vitrina/contracts';

/** The header colour chooser's preset gradient circles; the first is the default RGB(245,248,250) (spec 1 §9). */
export const GRADIENT_PRESETS: ReadonlyArray<readonly [string, string]> = [
  [StoreLimits.defaultHeaderColor, StoreLimits.defaultHeaderColor],
  ['#fdfbfb', '#ebedee'],
  ['#e0c3fc', '#8ec5fc'],
  ['#fbc2eb', '#a6c1ee'],
  ['#84fab0', '#8fd3f4'],
  ['#ffecd2', '#fcb69f'],
  ['#a1c4fd', '#c2e9fb'],
  ['#f6d365', '#fda085'],
  ['#43e97b', '#38f9d7'],
  ['#30cfd0', '#330867'],
];

export function gradientCss(initial: string, final: string): string {
  return `linear-gradient(135deg, ${initial} 0%, ${final} 100%)`;
}
