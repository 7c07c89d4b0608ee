/**
 * The whole-floor re-integration from keyframes: after loop closing and a global bundle adjustment
 * have corrected the keyframes' poses, their depth is integrated afresh into a new map (the live map
 * keeps what each frame wrote at its pose of the moment, paper 001 §3.2). This final map uses column shadows
 * (MapParams.shadows): a keyframe frees only cells whose obstacle band it saw whole, since precision
 * matters more here than in the live map, where coverage keeps the planner going, and the many
 * keyframes of a floor together still see most columns whole.
 */
import type { Mat4 } from '../geometry/index.js';
import type { Navcore } from '../wasm/index.js';
import { FloorMapper, type FloorMapperOptions } from './floor-mapper.js';
import type { DepthFrame } from './occupancy-map.js';

/** A keyframe to re-integrate: its depth and its final camera-to-world pose. */
export interface KeyframeView {
  frame: DepthFrame;
  pose: Mat4;
}

export interface Reintegrated {
  mapper: FloorMapper;
  /** keyframes the mapper refused (bad depth or pose), with why */
  refused: { index: number; error: string }[];
}

/**
 * Integrates `keyframes` in order into a new floor mapper with column shadows on (unless
 * `opts.mapParams.shadows` says otherwise, e.g. for an ablation).
 */
export function reintegrateKeyframes(core: Navcore, keyframes: Iterable<KeyframeView>, opts: FloorMapperOptions): Reintegrated {
  const mapper = new FloorMapper(core, { ...opts, mapParams: { shadows: true, ...opts.mapParams } });
  const refused: Reintegrated['refused'] = [];
  let index = 0;
  for (const k of keyframes) {
    const step = mapper.integrateFrame(k.frame, k.pose);
    if (step.floor !== null && !step.ok) refused.push({ index, error: step.error });
    index++;
  }
  return { mapper, refused };
}
