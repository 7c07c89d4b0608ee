import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplayBody } from '../../src/body/index.js';
import { openTumRecording } from '../../src/body/node.js';
import { fromQuatTranslation } from '../../src/geometry/index.js';
import { depthPng, rgbPng } from '../../src/image/node.js';
import { GroundTruthPoseSource } from '../../src/perception/index.js';
import { Navigator } from '../../src/navigator/index.js';
import { formatTumTrajectory } from '../../src/eval/index.js';
import { TEDDY, skipReason } from '../../bench/support/shared-data.js';

const K = { width: 64, height: 48, fx: 50, fy: 50, cx: 31.5, cy: 23.5 };
const N = 8;

/**
 * A TUM folder of N frames: frame i is grey level 20·i with a wall at 2 + 0.1·i m (depth PNGs at 5000
 * per metre), its depth stamped 3 ms after its colour, and odometry (camera level, looking along +z in
 * the navigator's y-down world) moving 0.05 m forward per frame, at 100 Hz like a motion-capture file.
 */
function syntheticTum(): string {
  const dir = mkdtempSync(join(tmpdir(), 'nh-replay-'));
  mkdirSync(join(dir, 'rgb'));
  mkdirSync(join(dir, 'depth'));
  const rgbLines = ['# timestamp filename'],
    depthLines = ['# timestamp filename'];
  for (let i = 0; i < N; i++) {
    const t = 100 + i / 10;
    const n = K.width * K.height;
    const rgb = new Uint8Array(n * 3);
    for (let p = 0; p < n; p++) rgb.set([20 * i, (p * 7) % 251, (p * 13) % 241], p * 3);
    writeFileSync(join(dir, 'rgb', `${t.toFixed(6)}.png`), rgbPng({ width: K.width, height: K.height, rgb }));
    writeFileSync(
      join(dir, 'depth', `${(t + 0.003).toFixed(6)}.png`),
      depthPng({ width: K.width, height: K.height, depth: new Float32Array(n).fill(2 + 0.1 * i) }, 5000),
    );
    rgbLines.push(`${t.toFixed(6)} rgb/${t.toFixed(6)}.png`);
    depthLines.push(`${(t + 0.003).toFixed(6)} depth/${(t + 0.003).toFixed(6)}.png`);
  }
  writeFileSync(join(dir, 'rgb.txt'), rgbLines.join('\n') + '\n');
  writeFileSync(join(dir, 'depth.txt'), depthLines.join('\n') + '\n');
  const odo = [];
  for (let k = 0; k <= (N - 1) * 10; k++) odo.push({ time: 100 + k / 100, pose: fromQuatTranslation([0, 0, 0, 1], [0, 0, 0.005 * k]) });
  writeFileSync(join(dir, 'groundtruth.txt'), formatTumTrajectory(odo));
  return dir;
}

describe('ReplayBody over a TUM folder', () => {
  it('plays the frames in order, one per sub-motion, with depth in metres and the matching odometry; the end terminates', async () => {
    const body = new ReplayBody(openTumRecording({ folder: syntheticTum(), intrinsics: K, cameraHeight: 0.8 }));
    expect(body.intrinsics).toEqual(K);
    expect(body.cameraHeight).toBe(0.8);
    const f0 = await body.observe();
    expect(f0.timestamp).toBeCloseTo(100, 6);
    expect(f0.rgb[0]).toBe(0);
    expect(f0.depth[0]).toBeCloseTo(2, 3);
    expect(await body.observe()).toBe(f0); // looking does not advance
    for (let i = 1; i < N; i++) {
      const r = await body.execute(i % 2 ? 'forward' : 'left');
      expect(r.frame.timestamp).toBeCloseTo(100 + i / 10, 6);
      expect(r.frame.rgb[0]).toBe(20 * i);
      expect(r.frame.depth[100]).toBeCloseTo(2 + 0.1 * i, 3);
      expect(r.collided).toBe(false);
      expect(r.terminated).toBe(i === N - 1);
      expect(body.odometry![11]).toBeCloseTo(0.05 * i, 6);
      expect(body.odometryOf(r.frame)![11]).toBeCloseTo(0.05 * i, 6);
    }
    // past the end: the last frame again, still terminated
    const after = await body.execute('forward');
    expect(after.terminated).toBe(true);
    expect(after.frame.rgb[0]).toBe(20 * (N - 1));
    expect(body.commanded).toEqual(['forward', 'left', 'forward', 'left', 'forward', 'left', 'forward', 'forward']);
  });

  it('drives the real Navigator through the Body interface, with the recorded odometry as its pose source', async () => {
    const body = new ReplayBody(openTumRecording({ folder: syntheticTum(), intrinsics: K, cameraHeight: 0.8 }));
    const nav = await Navigator.create({ body, poseSource: new GroundTruthPoseSource((f) => body.odometryOf(f)), motionCheck: false });
    const rec = await nav.act(['forward']);
    expect(rec.executed).toEqual(['forward']);
    expect(nav.state.frames).toBe(6); // the first look and five sub-motions
    expect(nav.status).toBe('ok');
    // five recorded frames of 0.05 m: the navigator believes it went 0.25 m forward
    expect(Math.hypot(rec.pose!.x, rec.pose!.z)).toBeCloseTo(0.25, 3);
    const end = await nav.act(['forward', 'forward']);
    expect(end.terminated).toBe(true);
  });

  it('rejects bad options, naming each and what is accepted', async () => {
    expect(() => openTumRecording({ folder: '/no/such/folder', depthFactor: -1, cameraHeight: 9 })).toThrow(
      /folder: must be an existing folder[\s\S]*depthFactor: must be positive[\s\S]*cameraHeight: must be at most 3 m/,
    );
    expect(() => openTumRecording({ folder: syntheticTum(), intrinsics: K, cameraHeight: 0.8, odometry: 'odom.txt' })).toThrow(
      /odometry: .*odom.txt not found/,
    );
    const wrongSize = openTumRecording({ folder: syntheticTum(), cameraHeight: 0.8 }); // default intrinsics are 640×480
    await expect(new ReplayBody(wrongSize).observe()).rejects.toThrow(/64×48 but the intrinsics are for 640×480/);
  });
});

describe.skipIf(!TEDDY)(`ReplayBody on TUM fr3/teddy (${TEDDY ? 'teddy' : skipReason('tum_fr3_teddy_100')})`, () => {
  it('replays the 100 real frames with the motion-capture poses as odometry where they exist', async () => {
    const body = new ReplayBody(openTumRecording({ folder: TEDDY!, cameraHeight: 1.5 }));
    const f0 = await body.observe();
    expect(f0.width).toBe(640);
    expect(f0.timestamp).toBeCloseTo(1341841873.273798, 5);
    const valid = Array.from(f0.depth).filter((d) => d > 0);
    expect(valid.length).toBeGreaterThan(f0.depth.length / 2);
    expect(valid.reduce((a, b) => Math.min(a, b), Infinity)).toBeGreaterThan(0.3);
    // ground truth starts after the first 4 colour frames
    expect(body.odometry).toBeNull();
    let steps = 0,
      withOdometry = 0,
      terminated = false;
    while (!terminated) {
      const r = await body.execute('forward');
      steps++;
      if (body.odometry) withOdometry++;
      // frame 4 (1341841873.405959) carries the first ground-truth pose, 1341841873.4151: -2.1837 0.6821 1.4854
      if (steps === 4) expect([body.odometry![3], body.odometry![7], body.odometry![11]]).toEqual([-2.1837, 0.6821, 1.4854]);
      terminated = r.terminated;
    }
    expect(steps).toBe(99);
    expect(withOdometry).toBeGreaterThanOrEqual(95);
  }, 120_000);
});
