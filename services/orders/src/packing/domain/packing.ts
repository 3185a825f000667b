import { OrderErrorCodes, OrderLimits } from '@vitrina/contracts';
import { NotFoundError, ValidationError } from '@vitrina/platform';
import { packageSize, unitsPerPackage, type PackingModel } from './packing.model.js';

/** A line of the order that goes in packages: its id, name and how many units were bought. */
export interface PackableLine {
  lineId: string;
  name: string;
  quantity: number;
}

export interface Package {
  /** 1-based, contiguous. */
  index: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  weightG: number;
  lines: { line_id: string; quantity: number }[];
}

/** Where units go: a package by its index, or 0 for "not packed". */
export type Place = number;
export const NOT_PACKED: Place = 0;

/**
 * The packing of an order: packages and the units in none. Pure: every change answers a new packing and keeps the
 * one invariant that matters, checked by `assertWhole`: each line's units in packages plus its not-packed units are
 * exactly what was bought, never negative, never more.
 */
export class Packing {
  private constructor(
    readonly lines: readonly PackableLine[],
    readonly packages: readonly Package[],
  ) {}

  static of(lines: readonly PackableLine[], packages: readonly Package[]): Packing {
    const sorted = [...packages].sort((a, b) => a.index - b.index).map((p, n) => ({ ...p, index: n + 1, lines: clean(p.lines) }));
    return new Packing(lines, sorted);
  }

  /** The first-fit proposal: lines in order, each unit into the first package with room, a new one when none has. */
  static propose(lines: readonly PackableLine[], model: PackingModel): Packing {
    const capacity = unitsPerPackage(model);
    const contents: Map<string, number>[] = [];
    const used: number[] = [];
    for (const line of lines) {
      for (let u = 0; u < line.quantity; u++) {
        let at = used.findIndex((n) => n < capacity);
        if (at < 0) {
          at = contents.push(new Map()) - 1;
          used.push(0);
        }
        contents[at].set(line.lineId, (contents[at].get(line.lineId) ?? 0) + 1);
        used[at] += 1;
      }
    }
    return new Packing(
      lines,
      contents.map((c, n) => ({
        index: n + 1,
        ...packageSize(model, used[n]),
        lines: [...c].map(([line_id, quantity]) => ({ line_id, quantity })),
      })),
    );
  }

  /** Units of each line in no package. */
  notPacked(): { lineId: string; name: string; quantity: number }[] {
    return this.lines
      .map((l) => ({ lineId: l.lineId, name: l.name, quantity: l.quantity - this.packedOf(l.lineId) }))
      .filter((l) => l.quantity > 0);
  }

  package(index: number): Package {
    const found = this.packages.find((p) => p.index === index);
    if (!found) throw new NotFoundError(`The order has no package ${index}`, OrderErrorCodes.packageNotFound);
    return found;
  }

  /**
   * Moves `quantity` units of a line from `from` to `to` (package indexes; 0 is "not packed"; one past the last
   * package opens a new one). The packages it touches get the model's size and weight for what they now hold. A
   * package left empty is removed and the others renumbered, unless it is the only one (the packing stays stored).
   */
  move(from: Place, to: Place, lineId: string, quantity: number, model: PackingModel): Packing {
    const line = this.lines.find((l) => l.lineId === lineId);
    if (!line) throw new NotFoundError('The order has no such line to pack', OrderErrorCodes.lineNotFound);
    if (from === to) throw new ValidationError('Units must move to another place', { b: ['must differ from a'] });
    if (from !== NOT_PACKED) this.package(from);
    if (to !== NOT_PACKED && to !== this.packages.length + 1) this.package(to);
    const available = from === NOT_PACKED ? line.quantity - this.packedOf(lineId) : unitsIn(this.package(from), lineId);
    if (quantity > available) {
      throw new ValidationError(`Only ${available} units of this line are there`, { quantity: [`at most ${available}`] });
    }
    let packages = this.packages.map((p) => ({ ...p, lines: p.lines.map((l) => ({ ...l })) }));
    if (to === packages.length + 1) packages.push({ index: to, ...packageSize(model, 0), lines: [] });
    const touched = new Set<number>();
    if (from !== NOT_PACKED) {
      add(packages[from - 1], lineId, -quantity);
      touched.add(from);
    }
    if (to !== NOT_PACKED) {
      add(packages[to - 1], lineId, quantity);
      touched.add(to);
    }
    for (const index of touched) {
      const p = packages[index - 1];
      Object.assign(
        p,
        packageSize(
          model,
          p.lines.reduce((n, l) => n + l.quantity, 0),
        ),
      );
      if (p.weightG > OrderLimits.packageWeightMaxG || Math.max(p.lengthCm, p.widthCm, p.heightCm) > OrderLimits.packageSideMaxCm) {
        throw new ValidationError(`Package ${index} would be too big or too heavy: split the units`, {
          quantity: ['too many for one package'],
        });
      }
    }
    if (packages.length > 1) packages = packages.filter((p) => p.lines.length > 0);
    const next = Packing.of(this.lines, packages);
    next.assertWhole();
    return next;
  }

  /** The supplier's measures of a package (what was really used): kept until units move in or out of it. */
  resize(index: number, size: Partial<Pick<Package, 'lengthCm' | 'widthCm' | 'heightCm' | 'weightG'>>): Packing {
    this.package(index);
    return Packing.of(
      this.lines,
      this.packages.map((p) => (p.index === index ? { ...p, ...definedOf(size) } : p)),
    );
  }

  /** The invariant: per line, packed + not packed = bought, no negative count anywhere. */
  assertWhole(): void {
    for (const l of this.lines) {
      const packed = this.packedOf(l.lineId);
      if (packed > l.quantity || this.packages.some((p) => unitsIn(p, l.lineId) < 0)) {
        // a bug, never a refusal: logged with the trace id, answered as a generic 500
        throw new Error(`packing of line ${l.lineId} lost or duplicated units`);
      }
    }
  }

  private packedOf(lineId: string): number {
    return this.packages.reduce((n, p) => n + unitsIn(p, lineId), 0);
  }
}

function unitsIn(p: Package, lineId: string): number {
  return p.lines.find((l) => l.line_id === lineId)?.quantity ?? 0;
}

function add(p: Package, lineId: string, delta: number): void {
  const at = p.lines.find((l) => l.line_id === lineId);
  if (at) at.quantity += delta;
  else p.lines.push({ line_id: lineId, quantity: delta });
  p.lines = clean(p.lines);
}

/** Entries with units, one per line. */
function clean(lines: readonly { line_id: string; quantity: number }[]): { line_id: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.line_id, (merged.get(l.line_id) ?? 0) + l.quantity);
  return [...merged].filter(([, q]) => q !== 0).map(([line_id, quantity]) => ({ line_id, quantity }));
}

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
