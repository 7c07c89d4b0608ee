import { describe, expect, it } from 'vitest';
import { SceneBuilder } from '../../src/sim/builder.js';
import { generateHouse } from '../../src/sim/house/generate.js';
import { Renderer } from '../../src/sim/render/renderer.js';
import { simCameraPose } from '../../src/geometry/sim-frame.js';
import type { Mat4, Vec3 } from '../../src/geometry/pose.js';
import type { Scene } from '../../src/sim/scene.js';
import { SceneNavMesh } from '../../src/sim/navmesh.js';
import { refRender, refTarget } from '../../bench/reference/raster-ref.js';

/** Floor y = 0 (2×2 checker, 0.25 m squares), a wall z = −3 facing +z, a slanted wall on the right. */
function testScene(): { scene: Scene; floorId: number; wallId: number; slantId: number } {
  const b = new SceneBuilder();
  const checker = b.texture({ kind: 'pixels', rgba: new Uint8Array([255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255]) }, 2, 2);
  const grey = b.texture({ kind: 'fabric', seed: 1, base: [120, 140, 160], amplitude: 0.2, scale: 8, weave: 0 }, 64, 64);
  const meta = {
    structural: true,
    goal: false,
    room: null,
    floor: 0,
    min: [Infinity, Infinity, Infinity] as const,
    max: [-Infinity, -Infinity, -Infinity] as const,
  };
  const floorId = b.object({ ...meta, category: 'floor' });
  const wallId = b.object({ ...meta, category: 'wall' });
  const slantId = b.object({ ...meta, category: 'wall' });
  b.box([-20, -0.1, -20], [20, 0, 20], { id: floorId, style: { py: { tex: checker, scale: 0.5 } } });
  b.box([-20, 0, -3.1], [20, 3, -3], { id: wallId, style: { pz: { tex: grey, scale: 1 } } });
  // slanted wall through (2, y, 0) and (0.5, y, −2.5): normal pointing to the camera side
  const p0: Vec3 = [0.5, 0, -2.5],
    p1: Vec3 = [2, 0, 0];
  b.quad(
    [p0, p1, [p1[0], 3, p1[2]], [p0[0], 3, p0[2]]],
    [
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ],
    grey,
    slantId,
  );
  const scene = b.build({ name: 'test', rooms: [], doors: [], floors: [{ index: 0, y: 0, ceiling: 3 }], start: { position: [0, 0, 0], yaw: 0 } });
  return { scene, floorId, wallId, slantId };
}

/** Camera-z distance to the plane n·X = c along pixel (u, v)'s ray, or null when the ray misses. */
function rayPlaneDepth(pose: Mat4, k: { fx: number; fy: number; cx: number; cy: number }, u: number, v: number, n: Vec3, c: number): number | null {
  const d = [(u - k.cx) / k.fx, (v - k.cy) / k.fy, 1];
  const r = [0, 1, 2].map((i) => pose[i * 4] * d[0] + pose[i * 4 + 1] * d[1] + pose[i * 4 + 2] * d[2]);
  const C = [pose[3], pose[7], pose[11]];
  const den = n[0] * r[0] + n[1] * r[1] + n[2] * r[2];
  if (Math.abs(den) < 1e-12) return null;
  const t = (c - (n[0] * C[0] + n[1] * C[1] + n[2] * C[2])) / den;
  return t > 0 ? t : null;
}

describe('render.wasm rasteriser', () => {
  it('renders depth equal to the analytic ray–plane distance within 1 mm', async () => {
    const { scene, floorId, wallId, slantId } = testScene();
    const r = await Renderer.create(scene);
    const k = r.intrinsics;
    const sn = Math.hypot(2.5, 1.5);
    const planes: Record<number, { n: Vec3; c: number }> = {
      [floorId]: { n: [0, 1, 0], c: 0 },
      [wallId]: { n: [0, 0, 1], c: -3 },
      [slantId]: { n: [-2.5 / sn, 0, 1.5 / sn], c: (-2.5 * 2) / sn },
    };
    for (const [yaw, pitch] of [
      [0, 0],
      [0.35, -0.25],
      [-0.5, 0.1],
    ]) {
      const pose = simCameraPose([0, 0, 0], yaw, 0.88, pitch);
      const f = r.render(pose);
      const seen = new Set<number>();
      let worst = 0,
        checked = 0,
        emptyWithDepth = 0;
      for (let v = 0; v < f.height; v++) {
        for (let u = 0; u < f.width; u++) {
          const i = v * f.width + u;
          const pl = planes[f.ids[i]];
          if (!pl) {
            if (f.depth[i] !== 0) emptyWithDepth++;
            continue;
          }
          seen.add(f.ids[i]);
          const d = rayPlaneDepth(pose, k, u, v, pl.n, pl.c);
          worst = Math.max(worst, d === null ? Infinity : Math.abs(f.depth[i] - d));
          checked++;
        }
      }
      expect(emptyWithDepth).toBe(0);
      expect(checked).toBeGreaterThan(f.width * f.height * 0.8);
      expect(worst).toBeLessThan(1e-3);
      expect(seen.has(floorId) && seen.has(wallId)).toBe(true);
    }
    r.dispose();
  });

  it('maps textures perspective-correctly and clips triangles crossing the near plane', async () => {
    const { scene, floorId } = testScene();
    const r = await Renderer.create(scene);
    const k = r.intrinsics;
    // looking steeply down: the floor's two triangles reach far behind the camera
    const pose = simCameraPose([0.1, 0, 0.05], 0.2, 0.88, -1.0);
    const f = r.render(pose);
    let checked = 0,
      wrong = 0;
    for (let v = 0; v < f.height; v++) {
      for (let u = 0; u < f.width; u++) {
        const i = v * f.width + u;
        const t = rayPlaneDepth(pose, k, u, v, [0, 1, 0], 0);
        if (t === null || f.ids[i] !== floorId) continue;
        expect(f.depth[i]).toBeGreaterThan(0);
        // hit point on the floor
        const d = [(u - k.cx) / k.fx, (v - k.cy) / k.fy, 1];
        const x = pose[3] + t * (pose[0] * d[0] + pose[1] * d[1] + pose[2] * d[2]);
        const z = pose[11] + t * (pose[8] * d[0] + pose[9] * d[1] + pose[10] * d[2]);
        const fu = x / 0.5 - Math.floor(x / 0.5),
          fv = z / 0.5 - Math.floor(z / 0.5);
        // skip pixels whose footprint straddles a square edge
        if (Math.min(Math.abs(fu - 0.5), fu, 1 - fu, Math.abs(fv - 0.5), fv, 1 - fv) < 0.03) continue;
        const white = fu < 0.5 === fv < 0.5;
        const isWhite = f.rgb[i * 3] > 128;
        checked++;
        if (white !== isWhite) wrong++;
      }
    }
    expect(checked).toBeGreaterThan(f.width * f.height * 0.5);
    expect(wrong / checked).toBeLessThan(0.002);
    // the floor under the camera fills the lower image without holes despite the near plane
    let holes = 0;
    for (let i = 0; i < f.ids.length; i++) if (f.ids[i] === 0) holes++;
    expect(holes).toBe(0);
    r.dispose();
  });

  it('renders identical frames for the same seed, and differs when the pose moves', async () => {
    const s1 = generateHouse(3),
      s2 = generateHouse(3);
    const r1 = await Renderer.create(s1),
      r2 = await Renderer.create(s2);
    const pose = simCameraPose(s1.start.position, s1.start.yaw, 0.88);
    const a = r1.render(pose),
      b = r2.render(pose);
    expect(Buffer.from(b.rgb).equals(Buffer.from(a.rgb))).toBe(true);
    expect(
      Buffer.from(b.depth.buffer, b.depth.byteOffset, b.depth.byteLength).equals(Buffer.from(a.depth.buffer, a.depth.byteOffset, a.depth.byteLength)),
    ).toBe(true);
    expect(Array.from(b.ids)).toEqual(Array.from(a.ids));
    const moved = r2.render(simCameraPose(s1.start.position, s1.start.yaw + 0.3, 0.88));
    expect(Buffer.from(moved.rgb).equals(Buffer.from(r1.render(pose).rgb))).toBe(false);
    // an indoor frame: every pixel sees a surface within the house, at a plausible range
    let maxD = 0,
      zero = 0;
    const f = r1.render(pose);
    for (const d of f.depth) {
      if (d === 0) zero++;
      maxD = Math.max(maxD, d);
    }
    expect(zero).toBe(0);
    expect(maxD).toBeLessThan(16);
    r1.dispose();
    r2.dispose();
  });

  it('agrees with the plain TypeScript rasteriser (no culling) across a two-storey house', async () => {
    const scene = generateHouse(5, { storeys: 2 });
    const r = await Renderer.create(scene);
    const nav = await SceneNavMesh.build(scene);
    const textures = scene.textures.map((t, i) => ({ texels: r.textureTexels(i).slice(), width: t.width, height: t.height }));
    const out = refTarget(r.intrinsics);
    let same = 0,
      total = 0,
      worstDepth = 0;
    for (const room of scene.rooms) {
      const s = nav.snap([(room.x0 + room.x1) / 2, scene.floors[room.floor].y, (room.z0 + room.z1) / 2], 1.5);
      if (!s) continue;
      for (const yaw of [0.3, 2.0, 3.9]) {
        const pose = simCameraPose(s.point, yaw, 0.88);
        const f = r.render(pose);
        refRender(scene.triangles, scene.attrs, textures, r.intrinsics, pose, r.camera.near, out);
        for (let i = 0; i < f.ids.length; i++) {
          total++;
          if (f.ids[i] === out.ids[i] && f.rgb[i * 3] === out.rgb[i * 3] && f.rgb[i * 3 + 1] === out.rgb[i * 3 + 1]) same++;
          if (f.ids[i] === out.ids[i]) worstDepth = Math.max(worstDepth, Math.abs(f.depth[i] - out.depth[i]));
        }
      }
    }
    // culling only skips what cannot be seen; SIMD shading may round a texel edge differently
    expect(same / total).toBeGreaterThan(0.9999);
    expect(worstDepth).toBeLessThan(1e-4);
    nav.destroy();
    r.dispose();
  });

  it('adds seeded sensor noise only when asked', async () => {
    const scene = generateHouse(4);
    const pose = simCameraPose(scene.start.position, scene.start.yaw, 0.88);
    const clean = await Renderer.create(scene);
    const noisyA = await Renderer.create(scene, {}, { seed: 9, depth: {}, rgbSigma: 4 });
    const noisyB = await Renderer.create(scene, {}, { seed: 9, depth: {}, rgbSigma: 4 });
    const c = clean.render(pose),
      a = noisyA.render(pose),
      b = noisyB.render(pose);
    expect(Array.from(a.depth)).toEqual(Array.from(b.depth));
    expect(Array.from(a.rgb)).toEqual(Array.from(b.rgb));
    let diff = 0,
      sumErr = 0,
      n = 0;
    for (let i = 0; i < c.depth.length; i++) {
      if (a.depth[i] !== c.depth[i]) diff++;
      if (a.depth[i] > 0 && c.depth[i] > 0 && c.depth[i] < 3) {
        sumErr += Math.abs(a.depth[i] - c.depth[i]);
        n++;
      }
    }
    expect(diff).toBeGreaterThan(c.depth.length * 0.3);
    expect(sumErr / n).toBeLessThan(0.05);
    let rgbDiff = 0;
    for (let i = 0; i < c.rgb.length; i++) rgbDiff += Math.abs(a.rgb[i] - c.rgb[i]);
    expect(rgbDiff / c.rgb.length).toBeGreaterThan(1);
    expect(rgbDiff / c.rgb.length).toBeLessThan(6);
  });
});
