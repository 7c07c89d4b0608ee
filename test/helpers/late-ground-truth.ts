/**
 * A pose source for late-relocalisation tests: the ground truth with a tracker's map logic played by
 * the test. It loads the saved world frame but reports poses in a map of its own (another id, its own
 * first frame) until `findable` is set; the next frame then comes in the saved map with the same
 * frame's pose in the map it leaves (PoseEstimate.handover), as the tracker's late relocalisation
 * reports it. `upOffset` puts the saved map's poses that far up (a saved map whose keyframes where the
 * body is found were made at a height the tracker had wrong).
 */
import { invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { NAVIGATOR_FRAME } from '../../src/geometry/frames.js';
import { cameraHeightOf, raisePose } from '../../src/geometry/heights.js';
import { Navigator } from '../../src/navigator/navigator.js';
import { SimBody } from '../../src/body/sim-body.js';
import { GroundTruthPoseSource } from '../../src/perception/ground-truth-pose-source.js';
import { generateHouse } from '../../src/sim/index.js';
import type { PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';

/** Ground truth, relocalised in a loaded world frame only once `findable`. */
export class LateGroundTruth implements PoseSource {
  readonly name = 'late ground truth (test)';
  findable = false;
  /** the loaded (saved) world: the inverse of the first true pose of the run that saved it */
  private savedInv: Mat4 | null = null;
  private ownInv: Mat4 | null = null;
  private inSaved = false;
  constructor(
    private readonly truePose: () => Mat4,
    private readonly upOffset = 0,
  ) {}

  estimate(_frame: RgbdFrame): PoseEstimate {
    const p = this.truePose();
    if (this.inSaved || (this.findable && this.savedInv)) {
      const first = !this.inSaved;
      this.inSaved = true;
      const est: PoseEstimate = { status: 'ok', pose: raisePose(NAVIGATOR_FRAME, multiply(this.savedInv!, p), this.upOffset), mapId: 1 };
      if (first && this.ownInv) est.handover = { mapId: 2, pose: multiply(this.ownInv, p) };
      return est;
    }
    this.ownInv ??= invert(p);
    return { status: 'ok', pose: multiply(this.ownInv, p), mapId: this.savedInv ? 2 : 1 };
  }

  exportMap(): Uint8Array | null {
    const m = this.inSaved || !this.savedInv ? (this.savedInv ?? this.ownInv) : this.ownInv;
    return m ? new Uint8Array(Float64Array.from(m).buffer) : null;
  }

  importMap(bytes: Uint8Array): void {
    this.savedInv = new Float64Array(bytes.slice().buffer);
  }

  reset(): void {}
  dispose(): void {}
}

/**
 * A first run in house 7 on true poses that maps a room (a look round, a few steps and a turn; a second
 * look round with `lookRoundAgain`) for a later run to load, and that later run's body, put down where
 * the first ended and turned 2.1 rad. `heightError` of a later pose: its camera height against the
 * truth's in the saved world.
 */
export async function savedRunAndReturn(opts: { lookRoundAgain?: boolean } = {}) {
  const scene = generateHouse(7);
  const body = await SimBody.create(scene, {});
  const savedInv = invert(body.groundTruthPose());
  const nav = await Navigator.create({ body, poseSource: new GroundTruthPoseSource(() => body.groundTruthPose()) });
  await nav.turnInPlace();
  await nav.act(['forward', 'forward', 'forward', 'left', 'left', 'left', 'forward', 'forward']);
  if (opts.lookRoundAgain) await nav.turnInPlace();
  const spot = body.simPose;
  const body2 = await SimBody.create(scene, {}, { position: spot.position, yaw: spot.yaw + 2.1 });
  const heightError = (pose: Mat4) => cameraHeightOf(NAVIGATOR_FRAME, pose) - cameraHeightOf(NAVIGATOR_FRAME, multiply(savedInv, body2.groundTruthPose()));
  return { nav, body2, heightError };
}
