import { OrderLimits } from '@vitrina/contracts';

/**
 * How the dropshipping supplier's packing is proposed (issue 13 'Dropshipping packing'). The catalogue keeps no
 * dimensions or weights for items yet, so every unit of a product line counts as one standard box (by default
 * 30 × 20 × 15 cm, 1 kg). A package holds units up to a weight limit (20 kg) and a volume limit (108 000 cm³, a
 * 60 × 40 × 45 cm carton); its outer size follows from how many units it holds: units stand side by side two
 * along the length, then two across the width, then in layers (1 unit 30×20×15, 2 units 60×20×15, 3-4 units
 * 60×40×15, 5-8 units 60×40×30, 9-12 units 60×40×45). Deployments set the figures with PACKING_UNIT_CM
 * (`30x20x15`), PACKING_UNIT_WEIGHT_G, PACKING_MAX_WEIGHT_G and PACKING_MAX_VOLUME_CM3.
 *
 * The proposal is first-fit: the lines in their order, each unit into the first package it fits in, a new package
 * when none has room. The supplier then moves units between packages and edits a package's size and weight.
 */
export interface PackingModel {
  unit: { lengthCm: number; widthCm: number; heightCm: number; weightG: number };
  maxWeightG: number;
  maxVolumeCm3: number;
}

export const DEFAULT_PACKING_MODEL: PackingModel = {
  unit: { lengthCm: 30, widthCm: 20, heightCm: 15, weightG: 1000 },
  maxWeightG: 20_000,
  maxVolumeCm3: 108_000,
};

/** The model with the deployment's figures; a malformed or out-of-range variable keeps the default. */
export function packingModelFromEnv(env: NodeJS.ProcessEnv = process.env): PackingModel {
  const m = structuredClone(DEFAULT_PACKING_MODEL);
  const sides = /^(\d{1,3})x(\d{1,3})x(\d{1,3})$/.exec(env.PACKING_UNIT_CM ?? '');
  if (sides) {
    const [l, w, h] = [Number(sides[1]), Number(sides[2]), Number(sides[3])];
    if ([l, w, h].every((s) => s >= 1 && s <= OrderLimits.packageSideMaxCm)) m.unit = { ...m.unit, lengthCm: l, widthCm: w, heightCm: h };
  }
  const int = (value: string | undefined, min: number, max: number): number | undefined => {
    const n = Number(value);
    return value && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
  };
  m.unit.weightG = int(env.PACKING_UNIT_WEIGHT_G, 1, OrderLimits.packageWeightMaxG) ?? m.unit.weightG;
  m.maxWeightG = int(env.PACKING_MAX_WEIGHT_G, 1, OrderLimits.packageWeightMaxG) ?? m.maxWeightG;
  m.maxVolumeCm3 = int(env.PACKING_MAX_VOLUME_CM3, 1, OrderLimits.packageSideMaxCm ** 3) ?? m.maxVolumeCm3;
  return m;
}

/** How many units one package takes before it passes the weight or the volume limit (at least one). */
export function unitsPerPackage(m: PackingModel): number {
  const u = m.unit;
  const byWeight = Math.floor(m.maxWeightG / u.weightG);
  const byVolume = Math.floor(m.maxVolumeCm3 / (u.lengthCm * u.widthCm * u.heightCm));
  return Math.max(1, Math.min(byWeight, byVolume));
}

/** The outer size and weight of a package holding `units` units (an empty one keeps one unit's box). */
export function packageSize(m: PackingModel, units: number): { lengthCm: number; widthCm: number; heightCm: number; weightG: number } {
  const u = m.unit;
  const n = Math.max(units, 1);
  return {
    lengthCm: u.lengthCm * Math.min(n, 2),
    widthCm: u.widthCm * (n > 2 ? 2 : 1),
    heightCm: u.heightCm * Math.ceil(n / 4),
    weightG: u.weightG * units,
  };
}
