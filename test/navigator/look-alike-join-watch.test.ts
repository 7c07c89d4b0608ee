/**
 * Issue 34 item 1: a join with the saved map is provisional until the body has moved (join-watch.ts).
 * A look-alike place can fool the tracker and even a start turn's scan (seed:5 run 3, 1.80 m off), so
 * the depth seen as the body moves on is laid on the saved grid: a join 1.8 m off is refuted once the
 * body has gone on, the saved map goes aside, the pose source leaves it, and finding the same look-alike
 * again is refused at once; a join at the right place (or 0.15 m off) stands, and a later join at the
 * right place after a refusal is taken. Fails on main, which keeps every join. The same look-alike
 * found again straight after a loss is judged where dead reckoning puts the body (fails on e6e5130).
 */
import { describe, expect, it } from 'vitest';
import { invert, multiply, type Mat4 } from '../../src/geometry/pose.js';
import { Navigator } from '../../src/navigator/navigator.js';
import type { PoseEstimate, PoseSource, RgbdFrame } from '../../src/perception/pose-source.js';
import { MAX_SAME_PLACE_REFUSALS } from '../../src/navigator/saved-map-link.js';
import { savedRunAndReturn } from '../helpers/late-ground-truth.js';

/** found again: never, the look-alike or the truth after 10 frames in a map of its own (with a handover), or the look-alike after LOST_FRAMES lost (none) */
type Rejoin = 'never' | 'look-alike' | 'truth' | 'look-alike-after-loss';
/** frames the pose source stays lost after leaving the loaded map, in 'look-alike-after-loss' (0.8 m of forward, or 48° of turn) */
const LOST_FRAMES = 16;

/** Ground truth found in the loaded world `shift` metres off along x; after leaving it, a map of its own, then found again as `rejoin` says. */
class LookAlike implements PoseSource {
  readonly name = 'look-alike ground truth (test)';
  private savedInv: Mat4 | null = null;
  private ownInv: Mat4 | null = null;
  private sinceLeft = -1;
  private joinedAgain = false;
  private forgotten = false;
  leaves = 0;
  constructor(
    private readonly truePose: () => Mat4,
    private readonly shift: number,
    private readonly rejoin: Rejoin = 'never',
  ) {}

  private inSaved(p: Mat4, shift: number): Mat4 {
    const off = Float64Array.from([1, 0, 0, shift, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    return multiply(off, multiply(this.savedInv!, p));
  }

  estimate(_frame: RgbdFrame): PoseEstimate {
    const p = this.truePose();
    if (this.sinceLeft < 0) return { status: 'ok', pose: this.inSaved(p, this.shift), mapId: 1 };
    if (this.rejoin === 'look-alike-after-loss' && !this.forgotten) {
      // the loaded map reloaded and searched, the body found nowhere until the look-alike (no map of its own: no handover)
      if (++this.sinceLeft <= LOST_FRAMES) return { status: 'lost', pose: null, mapId: 0 };
      return { status: 'ok', pose: this.inSaved(p, this.shift), mapId: 1 };
    }
    this.ownInv ??= invert(p);
    const own = multiply(this.ownInv, p);
    this.sinceLeft++;
    if (this.rejoin === 'never' || this.forgotten || this.sinceLeft < 10) return { status: 'ok', pose: own, mapId: 3 };
    const first = !this.joinedAgain;
    this.joinedAgain = true;
    const est: PoseEstimate = { status: 'ok', pose: this.inSaved(p, this.rejoin === 'truth' ? 0 : this.shift), mapId: 1 };
    if (first) est.handover = { mapId: 3, pose: own };
    return est;
  }

  importMap(bytes: Uint8Array): void {
    this.savedInv = new Float64Array(bytes.slice().buffer);
  }

  leaveImportedMap(forget = false): boolean {
    this.leaves++;
    this.forgotten = forget;
    this.sinceLeft = 0;
    this.ownInv = null;
    this.joinedAgain = false;
    return true;
  }

  reset(): void {}
  dispose(): void {}
}

/**
 * A later run whose start turn joins `shift` metres off, then walks about (forward, turning away from walls) for `actions` actions.
 * `takenAfterRefusal`: actions after which the navigator stood in the saved map again once a join had been refused.
 */
async function walkAfterJoin(shift: number, rejoin: Rejoin = 'never', actions = 60) {
  const { nav, body2 } = await savedRunAndReturn({ lookRoundAgain: true });
  const src = new LookAlike(() => body2.groundTruthPose(), shift, rejoin);
  const nav2 = await Navigator.create({ body: body2, poseSource: src, memory: nav.memory()!, poseMap: nav.savedPoseMap()! });
  await nav2.turnInPlace(6, { afterRelocation: true });
  const atStart = nav2.relocalised;
  let takenAfterRefusal = 0;
  for (let i = 0; i < actions; i++) {
    const r = await nav2.act(['forward'], { stopOnCollision: true });
    if (r.collisions.length > 0) await nav2.act(['left', 'left', 'left', 'left']);
    if (nav2.state.joinRefusals > 0 && nav2.relocalised) takenAfterRefusal++;
  }
  return { atStart, nav: nav2, src, takenAfterRefusal };
}

describe('a join with the saved map is provisional until the body has moved', () => {
  it('refutes a look-alike join 1.8 m off once the body has moved on: the saved map goes aside and the pose source leaves it', async () => {
    const { atStart, nav, src } = await walkAfterJoin(1.8);
    expect(atStart).toBe(true);
    expect(nav.state.joinRefusals).toBe(1);
    expect(src.leaves).toBe(1);
    expect(nav.relocalised).toBe(false);
    expect(nav.savedMapAside).toBe(true);
    // the run goes on in the pose source's own map
    expect(nav.poseMatrix()).not.toBeNull();
  }, 300_000);

  it('keeps joins at the right place and 0.15 m off', async () => {
    for (const shift of [0, 0.15]) {
      const { atStart, nav } = await walkAfterJoin(shift);
      expect(atStart).toBe(true);
      expect(nav.state.joinRefusals, `shift ${shift}`).toBe(0);
      expect(nav.relocalised).toBe(true);
      expect(nav.savedMapAside).toBe(false);
    }
  }, 600_000);

  it('refuses the same look-alike found again at once, and takes a later join at the right place', async () => {
    // the test's pose source finds the look-alike again 10 frames after each leave: every time refused
    // (never taken), until the saved map is dropped for the run after MAX_SAME_PLACE_REFUSALS of them
    // (the first refusal, by depth, has its own allowance: MAX_REFUSALS)
    const again = await walkAfterJoin(1.8, 'look-alike', 90);
    expect(again.nav.state.joinRefusals).toBe(1 + MAX_SAME_PLACE_REFUSALS);
    expect(again.src.leaves).toBe(1 + MAX_SAME_PLACE_REFUSALS);
    expect(again.nav.relocalised).toBe(false);
    expect(again.nav.lateRelocalisedAt).toBeNull();
    expect(again.takenAfterRefusal).toBe(0);
    const right = await walkAfterJoin(1.8, 'truth');
    expect(right.nav.state.joinRefusals).toBe(1);
    expect(right.nav.savedMapAside).toBe(false);
    expect(right.nav.lateRelocalisedAt).not.toBeNull();
  }, 600_000);

  it('refuses the look-alike found again after a loss, where the body went meanwhile (dead reckoned, not where it was last seen)', async () => {
    // after each refusal the pose source is lost for LOST_FRAMES frames, then finds the look-alike with
    // no map of its own to hand over from: the navigator's last pose is 0.8 m or 48° behind the body,
    // and compared with that pose the look-alike seemed another place and was taken (seed:0 run 3)
    const r = await walkAfterJoin(1.8, 'look-alike-after-loss');
    expect(r.nav.state.joinRefusals).toBeGreaterThan(2);
    expect(r.src.leaves).toBe(r.nav.state.joinRefusals);
    expect(r.takenAfterRefusal).toBe(0);
    expect(r.nav.lateRelocalisedAt).toBeNull();
  }, 300_000);
});
