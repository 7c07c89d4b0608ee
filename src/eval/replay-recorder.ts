/**
 * Evaluation's record of a task for the report's replay: after a coarse action (the navigator's kept
 * view changes once per action) the view the body saw at half size and the navigator's map with its
 * estimated trail, with how far the TUM trajectories had grown then. Nothing here reaches the
 * navigator or the agent.
 *
 * Cost: at most MAX_KEPT steps are kept. Steps are taken at a stride that doubles whenever the kept
 * ones would exceed the cap (every other one is then dropped), so a long task keeps evenly spaced
 * steps, always with its last one; pictures are held raw and encoded once, at the task's end, so
 * that only kept steps pay for encoding; the views go into one JPEG (jpeg-js sets up its encoder for
 * tens of milliseconds per image, far more than a small view costs to encode).
 */
import jpeg from 'jpeg-js';
import type { BodyFrame } from '../body/index.js';
import { encodePng } from '../image/node.js';
import type { RgbaImage } from '../image/index.js';
import type { Navigator } from '../navigator/index.js';
import type { ReplayStep } from './replay-files.js';
import type { TaskTrajectoryRecorder } from './trajectory-recorder.js';

export interface ReplaySnapshot extends ReplayStep {
  mapPng: Uint8Array;
}

export interface ReplayPictures {
  steps: ReplaySnapshot[];
  /** the kept views stacked top to bottom, JPEG; null without a step */
  viewsJpeg: Uint8Array | null;
  viewWidth: number;
  viewHeight: number;
}

interface RawStep extends ReplayStep {
  view: RgbaImage;
  map: RgbaImage;
}

export const MAX_KEPT = 48;
/** Map pictures are kept small: the replay shows many of them. */
const MAP_ZOOM = 2;
const JPEG_QUALITY = 75;

/**
 * RGB at half size (2×2 box filter, the mean of the pixels that exist at an odd edge) as RGBA. It
 * runs on every kept step of every task, so the pixels of a block are read by offsets, not searched.
 */
export function halfSize(f: { width: number; height: number; rgb: Uint8Array }): RgbaImage {
  const w = Math.max(1, f.width >> 1),
    h = Math.max(1, f.height >> 1);
  const data = new Uint8ClampedArray(w * h * 4);
  const rgb = f.rgb,
    row = f.width * 3;
  for (let y = 0; y < h; y++) {
    // offsets of the block's right column and lower row; 0 where the image ends (the pixel counts once)
    const down = 2 * y + 1 < f.height ? row : 0;
    for (let x = 0; x < w; x++) {
      const right = 2 * x + 1 < f.width ? 3 : 0;
      const n = (right ? 2 : 1) * (down ? 2 : 1);
      const i = (2 * y * f.width + 2 * x) * 3,
        o = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) {
        const s =
          n === 4
            ? rgb[i + c] + rgb[i + c + 3] + rgb[i + c + row] + rgb[i + c + row + 3]
            : rgb[i + c] + (right ? rgb[i + c + 3] : 0) + (down ? rgb[i + c + down] : 0);
        data[o + c] = Math.round(s / n);
      }
      data[o + 3] = 255;
    }
  }
  return { width: w, height: h, data };
}

export class TaskReplayRecorder {
  private kept: RawStep[] = [];
  private stride = 1;
  private actions = 0;
  private lastView: BodyFrame | null;

  constructor(
    private readonly navigator: Navigator,
    private readonly tum: TaskTrajectoryRecorder,
    private readonly maxKept = MAX_KEPT,
  ) {
    // the view the task starts with is not a step of this task
    this.lastView = navigator.lastView;
  }

  /** Called with every frame (before the navigator tracks it): a changed kept view means an action ended. */
  readonly frame = (): void => {
    const v = this.navigator.lastView;
    if (!v || v === this.lastView) return;
    this.lastView = v;
    this.actions++;
    if ((this.actions - 1) % this.stride === 0) this.capture(v);
  };

  /** At the task's end: the last action is always kept. */
  flush(): void {
    this.frame();
    const v = this.lastView;
    if (v && this.actions > 0 && this.kept[this.kept.length - 1]?.step !== this.actions) this.capture(v, false);
  }

  /** The kept steps with their maps encoded, and their views as one JPEG. */
  pictures(): ReplayPictures {
    const steps = this.kept.map(({ view: _v, map, ...step }) => ({ ...step, mapPng: new Uint8Array(encodePng(map)) }));
    if (this.kept.length === 0) return { steps, viewsJpeg: null, viewWidth: 1, viewHeight: 1 };
    const { width, height } = this.kept[0].view;
    const data = new Uint8Array(width * height * 4 * this.kept.length);
    // every view of a task has the body's size; a stray one is left black rather than misplaced
    this.kept.forEach((k, i) => {
      if (k.view.width === width && k.view.height === height) data.set(k.view.data, i * width * height * 4);
    });
    const viewsJpeg = new Uint8Array(jpeg.encode({ width, height: height * this.kept.length, data }, JPEG_QUALITY).data);
    return { steps, viewsJpeg, viewWidth: width, viewHeight: height };
  }

  private capture(v: BodyFrame, thin = true): void {
    this.kept.push({
      step: this.actions,
      time: v.timestamp,
      true_poses: this.tum.truth.length,
      estimated_poses: this.tum.estimated.length,
      status: this.navigator.status,
      view: halfSize(v),
      map: this.navigator.render({ zoom: MAP_ZOOM }),
    });
    if (thin && this.kept.length > this.maxKept) {
      this.stride *= 2;
      this.kept = this.kept.filter((k) => (k.step - 1) % this.stride === 0);
    }
  }
}
