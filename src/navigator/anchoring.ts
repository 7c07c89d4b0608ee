/**
 * Re-anchoring (paper 001 §3.2). The tracker's world is the first frame of its current map; after a loss it
 * opens a fresh map with a new id. The navigator keeps one world for the whole house: poses of a new
 * map are carried over by A = T̂_last · T̃_first⁻¹, so that the first pose of the new map coincides
 * with the last trusted pose (the best guess of where the body stood).
 */
import { identity, invert, multiply, NAVIGATOR_FRAME, raisePose, type Mat4 } from '../geometry/index.js';
import type { PoseEstimate } from '../perception/index.js';

/** no tracker map has this id: the map after a refused join is new to the navigator */
const REFUSED_MAP = -1;

export class Anchoring {
  private anchor: Mat4 = identity();
  private mapId: number | null = null;
  private lastTrusted: Mat4 | null = null;
  /** times a new tracker map was attached to the navigator's world */
  reanchors = 0;
  private resuming = false;
  /** the tracker map a house memory brought back, until a pose in it was seen (then `relocalised`) */
  private restoredMapId: number | null = null;
  /** true once an ok pose came in the map restored by `restore` */
  relocalised = false;
  /** the restored map's anchor: poses in that map are carried by it whenever they come */
  private restoredAnchor: Mat4 | null = null;
  /** the restored map's file as it was loaded */
  private restoredBytes: Uint8Array | null = null;
  /**
   * Set by `apply` when the source moved from another map back into the restored one (a late
   * relocalisation), until taken: the frame's pose in the world the navigator used until then, when
   * the source gave it (`PoseEstimate.handover`), and the pose in the restored map's world.
   */
  private late: { before: Mat4 | null; after: Mat4 } | null = null;

  /**
   * Continues in a tracker map saved earlier (a house memory): poses of map `mapId` are carried into
   * the navigator's world by the anchor they had then, wherever the environment has put the body.
   */
  restore(anchor: Mat4, mapId: number, bytes: Uint8Array | null = null): void {
    this.restoredBytes = bytes;
    this.anchor = Float64Array.from(anchor);
    this.restoredAnchor = Float64Array.from(anchor);
    this.mapId = mapId;
    this.restoredMapId = mapId;
    this.lastTrusted = null;
    this.resuming = false;
  }

  /** The anchor of the current tracker map and its id (what a house memory keeps with the map). */
  current(): { anchor: Mat4; mapId: number } | null {
    return this.mapId === null ? null : { anchor: Float64Array.from(this.anchor), mapId: this.mapId };
  }

  /**
   * Continues a frame saved earlier (a resumed run): the first ok estimate, from a tracker that
   * starts afresh, is anchored so that it lands on `lastPose`, as after any loss (paper 001 §3.2).
   */
  resumeAt(lastPose: Mat4): void {
    this.lastTrusted = lastPose;
    this.resuming = true;
  }

  /** The pose in the navigator's world, or null when the estimate carries none. */
  apply(est: PoseEstimate): Mat4 | null {
    if (est.status !== 'ok' || !est.pose) return null;
    if (this.restoredMapId !== null && est.mapId === this.restoredMapId) this.relocalised = true;
    if (this.restoredAnchor && est.mapId === this.restoredMapId && this.mapId !== est.mapId && !this.resuming) {
      // back in the restored map: its own anchor, not a re-anchor at the last pose
      const h = est.handover;
      const before = h && h.mapId === this.mapId ? multiply(this.anchor, h.pose) : null;
      this.anchor = Float64Array.from(this.restoredAnchor);
      this.mapId = est.mapId;
      this.reanchors++;
      const after = multiply(this.anchor, est.pose);
      this.late = { before, after };
      this.lastTrusted = after;
      return after;
    }
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

  /** The restored map's anchor, id and file as loaded (null when none was restored), and whether poses come in it now. */
  restored(): { anchor: Mat4; mapId: number; bytes: Uint8Array | null; current: boolean } | null {
    if (!this.restoredAnchor || this.restoredMapId === null) return null;
    return { anchor: Float64Array.from(this.restoredAnchor), mapId: this.restoredMapId, bytes: this.restoredBytes, current: this.mapId === this.restoredMapId };
  }

  /**
   * A join in the restored map was refuted (a look-alike place) and the pose source left that map: not
   * relocalised; the next map, the source's own or the restored one found again, is anchored at
   * `lastTrusted` (where the navigator believed the body was: its world goes on unbroken) as after a
   * loss, or joined as a late relocalisation. `forget`: the restored map is given up for good (the
   * pose source dropped it): poses with its id are a map like any other from here.
   */
  refused(lastTrusted: Mat4 | null, forget = false): void {
    this.relocalised = false;
    this.mapId = REFUSED_MAP;
    this.late = null;
    if (lastTrusted) this.lastTrusted = Float64Array.from(lastTrusted);
    if (!forget) return;
    this.restoredMapId = null;
    this.restoredAnchor = null;
    this.restoredBytes = null;
  }

  /** The late relocalisation `apply` last found, once (null when there was none since). */
  takeLate(): { before: Mat4 | null; after: Mat4 } | null {
    const l = this.late;
    this.late = null;
    return l;
  }

  /**
   * Moves the navigator's world under the tracker by `dh` along up: from here every pose is `dh`
   * higher (a vertical correction: the mapper found the height off its floor's).
   */
  raise(dh: number): void {
    this.anchor = raisePose(NAVIGATOR_FRAME, this.anchor, dh);
    // the restored map keeps its own anchor: a correction made in another map's world is not its
    if (this.restoredAnchor && this.mapId === this.restoredMapId) this.restoredAnchor = raisePose(NAVIGATOR_FRAME, this.restoredAnchor, dh);
    if (this.lastTrusted) this.lastTrusted = raisePose(NAVIGATOR_FRAME, this.lastTrusted, dh);
  }

  get lastTrustedPose(): Mat4 | null {
    return this.lastTrusted;
  }

  reset(): void {
    this.anchor = identity();
    this.mapId = null;
    this.lastTrusted = null;
    this.resuming = false;
    this.restoredMapId = null;
    this.relocalised = false;
    this.restoredAnchor = null;
    this.restoredBytes = null;
    this.late = null;
  }
}
