/**
 * Evaluation-only diagnosis of SLAM map errors: `npx tsx scripts/map-diagnosis.ts [actions] [houses…]`.
 * Records, per mapped frame, the mapping pose against the truth (aligned at the first pose), keeps a
 * shadow map integrated from the same frames at the true pose, and attributes every wrong free cell
 * of the SLAM map to the frame that first made it free.
 */
import { mapQuality, truthGrid } from '../src/eval/map-quality.js';
import { NAVIGATOR_FRAME, planarPose } from '../src/geometry/frames.js';
import { invert, multiply, type Mat4 } from '../src/geometry/pose.js';
import { simPoseToNavigator } from '../src/geometry/sim-frame.js';
import { OccupancyMap, type DepthFrame } from '../src/mapping/occupancy-map.js';
import { Cell } from '../src/mapping/params.js';
import { explore } from '../bench/support/explore.js';
import { wrapAngle } from '../src/geometry/angle.js';

const args = process.argv.slice(2).map(Number);
const actions = args[0] || 300;
const houses = args.length > 1 ? args.slice(1) : [7, 11, 23];
const DEG = 180 / Math.PI;

interface Rec {
  inl: number;
  kfs: number;
  i: number;
  dTrueYaw: number;
  sYaw: number;
  sFwd: number;
  sSide: number;
  dTrueFwd: number;
  pos: number;
  yaw: number;
  stepPos: number;
  stepYaw: number;
  rawPitchRoll: number;
  rawH: number;
}

for (const seed of houses) {
  const recs: Rec[] = [];
  const firstFree = new Map<string, number>();
  const rawJumps: string[] = [];
  let estNo = 0;
  let shadow: OccupancyMap | null = null;
  let toNav: Mat4 | null = null;
  let prev: { e: ReturnType<typeof planarPose>; t: ReturnType<typeof planarPose> } | null = null;
  let frameNo = 0;
  const { world, firstCameraSim, floorY } = await explore(seed, 'slam', actions, (w) => {
    const map = w.navigator.map;
    const orig = map.integrate.bind(map);
    toNav = invert(simPoseToNavigator(w.body.simCameraPose()));
    shadow = new OccupancyMap(map.core, NAVIGATOR_FRAME, map.params);
    const rawEst = w.navigator.poseSource.estimate.bind(w.navigator.poseSource);
    let lastRaw: Mat4 | null = null;
    let prevRawP: { r: ReturnType<typeof planarPose>; t: ReturnType<typeof planarPose> } | null = null;
    let lastCounts: { inliers: number; features: number; keyframes: number } | null = null;
    w.navigator.poseSource.estimate = (f) => {
      const r = rawEst(f);
      lastRaw = r.pose;
      estNo++;
      if (r.pose) {
        const rp = planarPose(NAVIGATOR_FRAME, r.pose),
          tp = planarPose(NAVIGATOR_FRAME, multiply(toNav!, w.body.groundTruthPose()));
        if (prevRawP) {
          const ey = Math.abs(wrapAngle(rp.yaw - prevRawP.r.yaw - (tp.yaw - prevRawP.t.yaw))) * DEG;
          const ep = Math.hypot(rp.x - prevRawP.r.x - (tp.x - prevRawP.t.x), rp.z - prevRawP.r.z - (tp.z - prevRawP.t.z));
          if (ey > 2 || ep > 0.06)
            rawJumps.push(
              `${estNo}:${ey.toFixed(1)}°/${(ep * 100).toFixed(0)}cm/dy${(wrapAngle(tp.yaw - prevRawP.t.yaw) * DEG).toFixed(0)}/dz${(Math.hypot(tp.x - prevRawP.t.x, tp.z - prevRawP.t.z) * 100).toFixed(0)}/inl${(w.navigator.poseSource as unknown as { tracker: { counts(): { inliers: number } } }).tracker.counts().inliers}`,
            );
        }
        prevRawP = { r: rp, t: tp };
      }
      const tk = (w.navigator.poseSource as unknown as { tracker?: { counts(): { inliers: number; features: number; keyframes: number } } }).tracker;
      lastCounts = tk ? tk.counts() : null;
      return r;
    };
    map.integrate = (frame: DepthFrame, pose: Mat4, layer = 0) => {
      const truthPose = multiply(toNav!, w.body.groundTruthPose());
      if (layer === 0) {
        if (!shadow!.floors().length) shadow!.openFloor(map.floors()[0].floorUp);
        shadow!.integrate(frame, truthPose, 0);
      }
      const before = layer === 0 && map.floors().length ? map.snapshot(0) : null;
      const r = orig(frame, pose, layer);
      frameNo++;
      if (before) {
        const after = map.snapshot(0);
        for (let z = 0; z < after.height; z++) {
          for (let x = 0; x < after.width; x++) {
            if (after.cells[z * after.width + x] !== Cell.Free) continue;
            const k = `${x + after.originX},${z + after.originZ}`;
            if (!firstFree.has(k)) firstFree.set(k, frameNo);
          }
        }
      }
      const e = planarPose(NAVIGATOR_FRAME, pose),
        t = planarPose(NAVIGATOR_FRAME, truthPose);
      let stepPos = 0,
        stepYaw = 0,
        dTrueYaw = 0,
        sYaw = 0,
        sFwd = 0,
        sSide = 0,
        dTrueFwd = 0;
      if (prev) {
        dTrueYaw = wrapAngle(t.yaw - prev.t.yaw) * DEG;
        sYaw = wrapAngle(e.yaw - prev.e.yaw - (t.yaw - prev.t.yaw)) * DEG;
        // translation error in the previous true body frame: forward (−sin ψ, cos ψ), left...
        const fx = -Math.sin(prev.t.yaw),
          fz = Math.cos(prev.t.yaw);
        const ex = e.x - prev.e.x - (t.x - prev.t.x),
          ez = e.z - prev.e.z - (t.z - prev.t.z);
        sFwd = ex * fx + ez * fz;
        sSide = ex * fz - ez * fx;
        dTrueFwd = (t.x - prev.t.x) * fx + (t.z - prev.t.z) * fz;
        // increment error: estimated motion vs true motion, in the previous body frame
        const de = { x: e.x - prev.e.x, z: e.z - prev.e.z },
          dt = { x: t.x - prev.t.x, z: t.z - prev.t.z };
        stepPos = Math.hypot(de.x - dt.x, de.z - dt.z);
        stepYaw = Math.abs(wrapAngle(e.yaw - prev.e.yaw - (t.yaw - prev.t.yaw))) * DEG;
      }
      prev = { e, t };
      // raw tracker tilt (before levelling): angle between the camera's y axis and world down
      const raw = lastRaw as Mat4 | null;
      const tilt = raw ? Math.acos(Math.min(1, Math.abs(raw[5]))) * DEG : NaN;
      recs.push({
        inl: lastCounts?.inliers ?? -1,
        kfs: lastCounts?.keyframes ?? -1,
        i: frameNo,
        dTrueYaw,
        sYaw,
        sFwd,
        sSide,
        dTrueFwd,
        pos: Math.hypot(e.x - t.x, e.z - t.z),
        yaw: Math.abs(wrapAngle(e.yaw - t.yaw)) * DEG,
        stepPos,
        stepYaw,
        rawPitchRoll: tilt,
        rawH: raw ? raw[7] : NaN,
      });
      return r;
    };
  });
  const truth = truthGrid(world.scene, floorY, firstCameraSim, world.navigator.map.params.cellSize);
  const q = mapQuality(world.navigator.map, 0, truth);
  const qs = mapQuality(shadow!, 0, truth);
  console.log(
    `house ${seed}: slam fp ${q.free_precision.toFixed(3)} or ${q.obstacle_recall.toFixed(3)} | same frames at true pose fp ${qs.free_precision.toFixed(3)} or ${qs.obstacle_recall.toFixed(3)} | frames mapped ${recs.length} of ${world.navigator.state.frames}, rejects ${world.navigator.state.motionRejects}, reanchors ${world.navigator.state.reanchors}`,
  );
  // wrong free cells and the shadow map's verdict on them
  const s = world.navigator.map.snapshot(0),
    sh = shadow!.snapshot(0);
  const shadowAt = (k: string) => {
    const [x, z] = k.split(',').map(Number);
    const cx = x - sh.originX,
      cz = z - sh.originZ;
    if (cx < 0 || cz < 0 || cx >= sh.width || cz >= sh.height) return Cell.Unknown;
    return sh.cells[cz * sh.width + cx];
  };
  const bins = [0.05, 0.1, 0.2, 0.4, Infinity],
    ybins = [0.5, 1, 2, 4, Infinity];
  const byPos = bins.map(() => 0),
    byYaw = ybins.map(() => 0);
  const verdict = { free: 0, obstacle: 0, unknown: 0 };
  let wrong = 0;
  for (let z = 0; z < s.height; z++) {
    for (let x = 0; x < s.width; x++) {
      if (s.cells[z * s.width + x] !== Cell.Free) continue;
      const k = `${x + s.originX},${z + s.originZ}`;
      if (truth.free.has(k)) continue;
      wrong++;
      const v = shadowAt(k);
      if (v === Cell.Free) verdict.free++;
      else if (v === Cell.Obstacle) verdict.obstacle++;
      else verdict.unknown++;
      const f = firstFree.get(k);
      const r = f ? recs[f - 1] : null;
      if (r) {
        byPos[bins.findIndex((b) => r.pos < b)]++;
        byYaw[ybins.findIndex((b) => r.yaw < b)]++;
      }
    }
  }
  console.log(`  raw tracker jumps: ${rawJumps.join(' ')}`);
  console.log(`  wrong free ${wrong}: at true pose also free ${verdict.free}, obstacle ${verdict.obstacle}, unknown ${verdict.unknown}`);
  console.log(`  by pos err of first-freeing frame (<5cm,<10,<20,<40,more): ${byPos.join(' ')}; by yaw err (<0.5°,<1,<2,<4,more): ${byYaw.join(' ')}`);
  const line = [];
  for (let i = 0; i < recs.length; i += Math.max(1, Math.floor(recs.length / 15)))
    line.push(`${recs[i].i}:${recs[i].pos.toFixed(2)}m/${recs[i].yaw.toFixed(1)}°/tilt${recs[i].rawPitchRoll.toFixed(1)}`);
  console.log(`  timeline ${line.join(' ')}`);
  const big = recs.filter((r) => r.stepYaw > 0.5 || r.stepPos > 0.03);
  console.log(
    `  frames with step error > 0.5° or 3 cm: ${big.length}; sum of step yaw errors ${recs.reduce((a, r) => a + r.stepYaw, 0).toFixed(1)}°, of those ${big.reduce((a, r) => a + r.stepYaw, 0).toFixed(1)}°`,
  );
  console.log(
    `  worst steps: ${big
      .sort((a, b) => b.stepYaw - a.stepYaw)
      .slice(0, 12)
      .map((r) => `${r.i}:${r.stepYaw.toFixed(2)}°/${(r.stepPos * 100).toFixed(1)}cm/inl${r.inl}/kf${r.kfs}/dy${r.dTrueYaw.toFixed(0)}`)
      .join(' ')}`,
  );
  const around = (c: number) =>
    recs
      .slice(Math.max(0, c - 6), c + 4)
      .map((r) => `${r.i}:${r.sYaw.toFixed(2)}°/inl${r.inl}/kf${r.kfs}/dy${r.dTrueYaw.toFixed(0)}`)
      .join(' ');
  if (process.env.AROUND) console.log(`  around ${process.env.AROUND}: ${around(Number(process.env.AROUND))}`);
  const stat = (xs: number[]) => {
    const m = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / Math.max(1, xs.length));
    return `n ${xs.length} mean ${m.toFixed(4)} sd ${sd.toFixed(4)} sum ${(m * xs.length).toFixed(2)}`;
  };
  const left = recs.filter((r) => r.dTrueYaw > 1),
    right = recs.filter((r) => r.dTrueYaw < -1),
    fwd = recs.filter((r) => Math.abs(r.dTrueYaw) < 0.1 && r.dTrueFwd > 0.02),
    still = recs.filter((r) => Math.abs(r.dTrueYaw) < 0.1 && Math.abs(r.dTrueFwd) <= 0.02);
  for (const [n, g] of [
    ['left', left],
    ['right', right],
    ['forward', fwd],
    ['still', still],
  ] as const) {
    console.log(`  ${n}: yaw err° ${stat(g.map((r) => r.sYaw))} | fwd err m ${stat(g.map((r) => r.sFwd))} | side err m ${stat(g.map((r) => r.sSide))}`);
  }
  world.dispose();
}
