// Compiled (not run) by test/package/pack-install.test.ts in the folder where the packed tarball was
// installed with --omit=optional: a TypeScript consumer of navharness/core and navharness/sim under
// strict with skipLibCheck off, so that every .d.ts those entry points reach is checked, and none may
// name a package the lean install lacks.
import {
  Navcore,
  OccupancyMap,
  Planner,
  Tracker,
  Z_UP_FRAME,
  encodePng,
  type PlanResult,
  type PoseEstimate,
  type RgbdFrame,
  type WasmSource,
} from 'navharness/core';
import { generateHouse, simCameraPose, rgbPng, depthPng, type BodyFrame, type Frame, type Mat4, type SubMotionResult } from 'navharness/sim';
const src: WasmSource = { bytes: new Uint8Array(0) };
export async function f(): Promise<PlanResult> {
  const map = new OccupancyMap(await Navcore.load(src), Z_UP_FRAME);
  const t = await Tracker.create({ intrinsics: { width: 64, height: 48, fx: 50, fy: 50, cx: 32, cy: 24 } });
  t.dispose();
  const floor = map.openFloor(0);
  return new Planner(map).plan({ x: 0, z: 0 }, { x: 1, z: 0 }, floor);
}
export const pose = simCameraPose([0, 0, 0], 0, 1.2);
export const png: Uint8Array = encodePng({ width: 1, height: 1, data: new Uint8ClampedArray(4) });
export type Types = [SubMotionResult, BodyFrame, Frame, Mat4, PoseEstimate, RgbdFrame];
export { generateHouse, rgbPng, depthPng };
