/**
 * Recent views with the estimated pose they were seen from, kept so that `mark` can bank the views
 * seen around a place (paper 001 A.2: at most 4, one per heading bucket), and the judge can sample frames
 * of the whole attempt.
 */
import { type PlanarPose, wrapAngle } from '../geometry/index.js';
import type { BodyFrame } from '../body/index.js';
import type { RgbImage } from '../image/index.js';

/** A banked view: an owned frame's RGB (shared with the frame), with where it was seen. */
export interface View extends RgbImage {
  pose: PlanarPose;
  floor: number;
  /** synthetic clock, seconds */
  time: number;
}

/** A recent view with its depth (the owned frame), for readers that look for what a step passed. */
export interface DepthView {
  view: View;
  frame: BodyFrame;
}

/**
 * The view of `frame`, seen from `pose` on `floor`, banked in each of `into` (`frame` itself too, for
 * those that keep depth). The view shares the frame's RGB: `frame` must be owned (a body's frame, or
 * `ownFrame`'s copy of a transient one, never a sensor view the next motion overwrites), and nothing
 * writes a frame's pixels once made. A copy here was a quarter of the ≈1.1 MB an action allocated,
 * which drove the collections behind the slowest steps.
 */
export function bankView(frame: BodyFrame, pose: PlanarPose, floor: number, into: readonly { add(v: View, frame: BodyFrame): void }[]): void {
  const v: View = { width: frame.width, height: frame.height, rgb: frame.rgb, pose, floor, time: frame.timestamp };
  for (const b of into) b.add(v, frame);
}

export class ViewBank {
  private readonly views: View[] = [];
  /** the newest views with their depth, until taken (a flight of stairs seen mid-turn is gone from the step's last view) */
  private fresh: DepthView[] = [];

  constructor(
    private readonly capacity = 64,
    private readonly freshCapacity = 12,
  ) {}

  add(v: View, frame?: BodyFrame): void {
    this.views.push(v);
    if (this.views.length > this.capacity) this.views.shift();
    if (!frame) return;
    this.fresh.push({ view: v, frame });
    if (this.fresh.length > this.freshCapacity) this.fresh.shift();
  }

  /** The views banked since the last call (at most the newest `freshCapacity`), with their depth. */
  takeFresh(): DepthView[] {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  get size(): number {
    return this.views.length;
  }

  /** Replaces every view by `f` of it (the views carried into another world). */
  remap(f: (v: View) => View): void {
    this.views.splice(0, this.views.length, ...this.views.map(f));
    this.fresh = this.fresh.map((d) => ({ view: f(d.view), frame: d.frame }));
  }

  /**
   * Views taken within `radiusM` of `at` on `floor`, the most recent per heading bucket (four
   * 90° buckets centred on `at.yaw`: ahead, left, behind, right).
   */
  around(at: PlanarPose, floor: number, radiusM = 0.75): View[] {
    const byBucket = new Map<number, View>();
    for (const v of this.views) {
      if (v.floor !== floor || Math.hypot(v.pose.x - at.x, v.pose.z - at.z) > radiusM) continue;
      const bucket = ((Math.round(wrapAngle(v.pose.yaw - at.yaw) / (Math.PI / 2)) % 4) + 4) % 4;
      byBucket.set(bucket, v); // later views replace earlier ones
    }
    return [...byBucket.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v);
  }
}

/**
 * A thinned archive of an attempt's frames for the judge (S12 selector): keeps at most `capacity`
 * views spread over the whole attempt by dropping every other view when full.
 */
export class FrameArchive {
  private views: View[] = [];
  private stride = 1;
  private seen = 0;

  constructor(private readonly capacity = 96) {}

  add(v: View): void {
    if (this.seen++ % this.stride !== 0) return;
    this.views.push(v);
    if (this.views.length > this.capacity) {
      this.views = this.views.filter((_, i) => i % 2 === 0);
      this.stride *= 2;
    }
  }

  all(): readonly View[] {
    return this.views;
  }

  /** Replaces every view by `f` of it (the views carried into another world). */
  remap(f: (v: View) => View): void {
    this.views = this.views.map(f);
  }

  clear(): void {
    this.views = [];
    this.stride = 1;
    this.seen = 0;
  }
}
