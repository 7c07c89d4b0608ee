/**
 * Evaluation's record of a task for the report's replay: after every coarse action (the navigator's
 * kept view changes once per action) the view the body saw, shrunk to half size as JPEG, and the
 * navigator's map with its estimated trail as PNG, with how far the TUM trajectories had grown then.
 * Nothing here reaches the navigator or the agent.
 */
import jpeg from 'jpeg-js';
import type { BodyFrame } from '../body/index.js';
import { encodePng } from '../image/node.js';
import type { Navigator } from '../navigator/index.js';
import type { ReplayStep } from './replay-files.js';
import type { TaskTrajectoryRecorder } from './trajectory-recorder.js';

export interface ReplaySnapshot extends ReplayStep {
  viewJpeg: Uint8Array;
  mapPng: Uint8Array;
}

/** Map pictures are kept small: the replay shows many of them. */
const MAP_ZOOM = 2;
const JPEG_QUALITY = 70;

/** RGB at half size (2×2 box filter) as an RGBA JPEG. */
export function halfSizeJpeg(f: { width: number; height: number; rgb: Uint8Array }): Uint8Array {
  const w = Math.max(1, f.width >> 1), h = Math.max(1, f.height >> 1);
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      for (let c = 0; c < 3; c++) {
        let s = 0, n = 0;
        for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) {
          const sx = 2 * x + dx, sy = 2 * y + dy;
          if (sx < f.width && sy < f.height) { s += f.rgb[(sy * f.width + sx) * 3 + c]; n++; }
        }
        data[(y * w + x) * 4 + c] = Math.round(s / n);
      }
      data[(y * w + x) * 4 + 3] = 255;
    }
  }
  return new Uint8Array(jpeg.encode({ width: w, height: h, data }, JPEG_QUALITY).data);
}

export class TaskReplayRecorder {
  readonly steps: ReplaySnapshot[] = [];
  private lastView: BodyFrame | null;

  constructor(
    private readonly navigator: Navigator,
    private readonly tum: TaskTrajectoryRecorder,
  ) {
    // the view the task starts with is not a step of this task
    this.lastView = navigator.lastView;
  }

  /** Called with every frame (before the navigator tracks it): a changed kept view means an action ended. */
  readonly frame = (): void => this.check();

  /** At the task's end: the last action. */
  flush(): void {
    this.check();
  }

  private check(): void {
    const v = this.navigator.lastView;
    if (!v || v === this.lastView) return;
    this.lastView = v;
    const map = this.navigator.render({ zoom: MAP_ZOOM });
    this.steps.push({
      step: this.steps.length + 1,
      time: v.timestamp,
      true_poses: this.tum.truth.length,
      estimated_poses: this.tum.estimated.length,
      status: this.navigator.status,
      viewJpeg: halfSizeJpeg(v),
      mapPng: new Uint8Array(encodePng(map)),
    });
  }
}
