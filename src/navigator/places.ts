/**
 * Named places (paper 001 A.2): a marker is a name, the planar pose estimated when it was marked, its floor
 * and the views banked there. The name is a claim, the pose an estimate, the views observations:
 * kept apart. Re-marking a name moves it.
 */
import { type PlanarPose, z } from '../geometry/index.js';
import type { View } from './view-bank.js';

export const PlaceNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'a place name cannot be empty'),
    z.maxLength(40, 'a place name has at most 40 characters'),
    z.regex(/^[\p{L}\p{N}][\p{L}\p{N} _'\-]*$/u, "a place name uses letters, digits, spaces, '-', '_' or an apostrophe, e.g. 'kitchen door'"),
  );

export interface Place {
  name: string;
  pose: PlanarPose;
  floor: number;
  views: View[];
  /** order of registration (for the place graph's edges) */
  seq: number;
  /** times it was moved by re-marking */
  moves: number;
}

export class PlaceStore {
  private readonly byName = new Map<string, Place>();
  private seq = 0;

  mark(name: string, pose: PlanarPose, floor: number, views: View[]): Place {
    const key = name.toLowerCase();
    const old = this.byName.get(key);
    const place: Place = { name, pose: { ...pose }, floor, views, seq: old?.seq ?? this.seq++, moves: old ? old.moves + 1 : 0 };
    this.byName.set(key, place);
    return place;
  }

  /** Puts back a place saved earlier, keeping its registration order and move count. */
  restore(place: Place): void {
    this.byName.set(place.name.toLowerCase(), { ...place, pose: { ...place.pose } });
    this.seq = Math.max(this.seq, place.seq + 1);
  }

  /** Forgets every place (their poses are in a frame the navigator has lost). */
  clear(): void {
    this.byName.clear();
  }

  get(name: string): Place | undefined {
    return this.byName.get(name.trim().toLowerCase());
  }

  list(): Place[] {
    return [...this.byName.values()].sort((a, b) => a.seq - b.seq);
  }

  names(): string[] {
    return this.list().map((p) => p.name);
  }

  /**
   * `base`, or when a place has that name already `base v2`, `base v3`, … (names take no brackets).
   * Marking a taken name moves that place, and with it everything noted relative to it (a later run's
   * "found task 1" would carry off the objects an earlier run saw around its own).
   */
  unusedName(base: string): string {
    let name = base;
    for (let k = 2; this.get(name); k++) name = `${base} v${k}`;
    return name;
  }
}
