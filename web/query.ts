/**
 * The page's query string: `seed` (a house seed), `pose` (slam, the default, or ground-truth) and
 * `auto` (1: the explorer starts once the house is loaded). A bad value or an unknown parameter is
 * refused with what is accepted, instead of silently loading the default house.
 */
import { MAX_HOUSE_SEED } from '../src/world/house-spec.js';
import { POSE_SOURCES } from '../src/world/pose-sources.js';
import { PoseModeSchema, SeedSchema, type PoseMode } from './session.js';

export interface DemoQuery {
  seed: number;
  pose: PoseMode;
  auto: boolean;
}

export const DEFAULT_QUERY: DemoQuery = { seed: 1, pose: 'slam', auto: false };

const ACCEPTED = {
  seed: `a whole number from 0 to ${MAX_HOUSE_SEED}`,
  pose: POSE_SOURCES.join(' or '),
  auto: '0 or 1',
} as const;

export type QueryResult = { ok: true; value: DemoQuery } | { ok: false; error: string };

export function parseQuery(search: string): QueryResult {
  const params = new URLSearchParams(search);
  const value = { ...DEFAULT_QUERY };
  const problems: string[] = [];
  for (const [key, raw] of params) {
    if (key === 'seed') {
      const s = SeedSchema.safeParse(raw);
      if (s.success) value.seed = s.data;
      else problems.push(`seed=${raw} is not accepted: seed is ${ACCEPTED.seed}`);
    } else if (key === 'pose') {
      const p = PoseModeSchema.safeParse(raw);
      if (p.success) value.pose = p.data;
      else problems.push(`pose=${raw} is not accepted: pose is ${ACCEPTED.pose}`);
    } else if (key === 'auto') {
      if (raw === '0' || raw === '1') value.auto = raw === '1';
      else problems.push(`auto=${raw} is not accepted: auto is ${ACCEPTED.auto}`);
    } else {
      problems.push(`unknown parameter '${key}': the page takes seed (${ACCEPTED.seed}), pose (${ACCEPTED.pose}) and auto (${ACCEPTED.auto})`);
    }
  }
  return problems.length ? { ok: false, error: `bad address: ${problems.join('; ')}` } : { ok: true, value };
}
