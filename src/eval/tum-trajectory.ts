/** TUM trajectory files (`timestamp tx ty tz qx qy qz qw`): reading reuses src/body/tum.ts. */
import { writeFileSync, renameSync } from 'node:fs';
import { toQuat, type Mat4 } from '../geometry/index.js';
// a type only: `import { type X }` would keep a side-effect import of the whole body layer
import type { TumPose } from '../body/index.js';
import { parseTumTrajectory, readTumTrajectory } from '../body/node.js';

export { parseTumTrajectory, readTumTrajectory, type TumPose };

export function formatTumTrajectory(poses: readonly TumPose[]): string {
  const lines = ['# timestamp tx ty tz qx qy qz qw'];
  for (const { time, pose } of poses) {
    const q = toQuat(pose);
    const f = (x: number) => x.toFixed(6);
    const g = (x: number) => x.toFixed(7);
    lines.push(`${time.toFixed(6)} ${f(pose[3])} ${f(pose[7])} ${f(pose[11])} ${g(q[0])} ${g(q[1])} ${g(q[2])} ${g(q[3])}`);
  }
  return lines.join('\n') + '\n';
}

/** Written to a temporary file and renamed, so a reader never sees half a trajectory. */
export function writeTumTrajectory(path: string, poses: readonly TumPose[]): void {
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, formatTumTrajectory(poses));
  renameSync(tmp, path);
}

export function positions(poses: readonly { pose: Mat4 }[]): [number, number, number][] {
  return poses.map(({ pose }) => [pose[3], pose[7], pose[11]]);
}
