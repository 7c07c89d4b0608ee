/**
 * The real data of this workplace lives outside the repository, in `../shared/data` (override with
 * NAVHARNESS_SHARED_DATA). Tests that need it skip with a visible reason where it is absent.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { TUM_FR3_INTRINSICS } from '../../src/body/tum.js';

export const SHARED_DATA = resolve(process.env.NAVHARNESS_SHARED_DATA ?? resolve(import.meta.dirname, '../../../shared/data'));

export function sharedPath(...parts: string[]): string | null {
  const p = resolve(SHARED_DATA, ...parts);
  return existsSync(p) ? p : null;
}

export const TEDDY = sharedPath('tum_fr3_teddy_100');
export const EVO_REF = sharedPath('trajectories', 'evo_tum_reference');
export const skipReason = (what: string) => `${what} not found under ${SHARED_DATA} (set NAVHARNESS_SHARED_DATA)`;
/** TUM freiburg3 intrinsics (README of the data). */
export const FR3_INTRINSICS = TUM_FR3_INTRINSICS;
/** Real benchmark episode files (README.md there): R2R-CE val_seen with _gt, one GOAT-Bench scene file. */
export const R2R_VAL_SEEN = sharedPath('benchmarks', 'r2r_vlnce_v1-3_preprocessed', 'val_seen');
export const GOAT_VAL_UNSEEN = sharedPath('benchmarks', 'goat_bench_hm3d_v1', 'val_unseen');
