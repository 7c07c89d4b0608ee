/**
 * Re-anchoring (SPEC §2). The tracker's world is the first frame of its current map; after a loss it
 * opens a fresh map with a new id. The navigator keeps one world for the whole house: poses of a new
 * map are carried over by A = T̂_last · T̃_first⁻¹, so that the first pose of the new map coincides
 * with the last trusted pose (the best guess of where the body stood).
 */
import { identity, invert, multiply, type Mat4 } from '../geometry/index.js';
import type { PoseEstimate } from '../perception/index.js';

export class Anchoring {
  private anchor: Mat4 = identity();
  private mapId: number | null = null;
  private lastTrusted: Mat4 | null = null;
  /** times a new tracker map was attached to the navigator's world */
  reanchors = 0;
  private resuming = false;

  /**
   * Continues a frame saved earlier (a resumed run): the first ok estimate, from a tracker that
   * starts afresh, is anchored so that it lands on `lastPose`, as after any loss (SPEC §2).
   */
  resumeAt(lastPose: Mat4): void {
    this.lastTrusted = lastPose;
    this.resuming = true;
  }

  /** The pose in the navigator's world, or null when the estimate carries none. */
  apply(est: PoseEstimate): Mat4 | null {
    if (est.status !== 'ok' || !est.pose) return null;
    if (est.mapId !== this.mapId || this.resuming) {
      if (this.mapId !== null || this.resuming) {
        this.anchor = this.lastTrusted ? multiply(this.lastTrusted, invert(est.pose)) : identity();
        this.reanchors++;
      }
      this.mapId = est.mapId;
      this.resuming = false;
    }
    const pose = multiply(this.anchor, est.pose);
    this.lastTrusted = pose;
    return pose;
  }

  get lastTrustedPose(): Mat4 | null {
    return this.lastTrusted;
  }

  reset(): void {
    this.anchor = identity();
    this.mapId = null;
    this.lastTrusted = null;
    this.resuming = false;
  }
}
