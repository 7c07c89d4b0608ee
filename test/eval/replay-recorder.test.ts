import { describe, expect, it } from 'vitest';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import type { Navigator } from '../../src/navigator/index.js';
import { halfSize, TaskReplayRecorder } from '../../src/eval/replay-recorder.js';
import type { TaskTrajectoryRecorder } from '../../src/eval/trajectory-recorder.js';

/** A navigator stand-in: a new kept view per action, a tiny map; the recorder reads nothing else. */
function fakes() {
  const nav = {
    lastView: null as unknown,
    status: 'ok',
    renders: 0,
    render() {
      this.renders++;
      return { width: 4, height: 3, data: new Uint8ClampedArray(48).fill(200) };
    },
  };
  const tum = { truth: [] as unknown[], estimated: [] as unknown[] };
  const act = (k: number) => {
    nav.lastView = { width: 4, height: 2, rgb: new Uint8Array(24).fill(k % 256), depth: new Float32Array(8), timestamp: k / 2 };
    for (let i = 0; i < 5; i++) tum.truth.push(i);
    tum.estimated.push(0);
  };
  return { nav, tum, act };
}

describe('TaskReplayRecorder', () => {
  it('keeps at most the cap, evenly spaced at a doubling stride, always with the first and the last action', () => {
    const { nav, tum, act } = fakes();
    const rec = new TaskReplayRecorder(nav as unknown as Navigator, tum as unknown as TaskTrajectoryRecorder, 16);
    for (let k = 1; k <= 200; k++) {
      act(k);
      rec.frame(); // the next frame arrives after the action
    }
    rec.flush();
    const pics = rec.pictures();
    const steps = pics.steps;
    expect(steps.length).toBeLessThanOrEqual(17);
    expect(steps.length).toBeGreaterThanOrEqual(8);
    expect(steps[0].step).toBe(1);
    expect(steps[steps.length - 1].step).toBe(200);
    const gaps = new Set(steps.slice(1, -1).map((s, i) => s.step - steps[i].step));
    expect(gaps.size).toBe(1); // one stride between the kept steps (the last may be off it)
    // the map is rendered only for steps taken at the stride, far fewer than the actions
    expect(nav.renders).toBeLessThan(60);
    const s = steps.find((x) => x.step === 17) ?? steps[1];
    expect(s.true_poses).toBe(5 * s.step);
    expect(PNG.sync.read(Buffer.from(s.mapPng)).width).toBe(4);
    expect([pics.viewWidth, pics.viewHeight]).toEqual([2, 1]);
    expect(jpeg.decode(pics.viewsJpeg!, { useTArray: true }).height).toBe(steps.length);
  });

  it('records nothing for a task without an action, and halves a view with a 2×2 box filter', () => {
    const { nav, tum } = fakes();
    const rec = new TaskReplayRecorder(nav as unknown as Navigator, tum as unknown as TaskTrajectoryRecorder);
    rec.flush();
    expect(rec.pictures()).toEqual({ steps: [], viewsJpeg: null, viewWidth: 1, viewHeight: 1 });
    const h = halfSize({ width: 2, height: 2, rgb: new Uint8Array([0, 0, 0, 100, 100, 100, 200, 200, 200, 100, 100, 100]) });
    expect([h.width, h.height, h.data[0], h.data[3]]).toEqual([1, 1, 100, 255]);
  });

  it('halves odd sizes by the mean of the pixels that exist at the edge, as a pixel-by-pixel mean does', () => {
    // the mean of each 2×2 block's pixels inside the image, searched pixel by pixel
    const reference = (f: { width: number; height: number; rgb: Uint8Array }, x: number, y: number, c: number) => {
      let s = 0,
        n = 0;
      for (let sy = 2 * y; sy < Math.min(2 * y + 2, f.height); sy++)
        for (let sx = 2 * x; sx < Math.min(2 * x + 2, f.width); sx++, n++) s += f.rgb[(sy * f.width + sx) * 3 + c];
      return Math.round(s / n);
    };
    for (const [width, height] of [
      [1, 1],
      [3, 3],
      [5, 2],
      [2, 7],
      [33, 17],
    ]) {
      const rgb = Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 256);
      const h = halfSize({ width, height, rgb });
      for (let y = 0; y < h.height; y++)
        for (let x = 0; x < h.width; x++)
          for (let c = 0; c < 3; c++)
            expect(h.data[(y * h.width + x) * 4 + c], `${width}×${height} at ${x},${y}`).toBe(reference({ width, height, rgb }, x, y, c));
    }
  });
});
