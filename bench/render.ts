/**
 * `npm run bench -- render [--json]`: render.wasm against the plain-TypeScript reference rasteriser
 * (same algorithm including per-object frustum and tile occlusion culling, bench/reference/raster-ref.ts) on the same procedural house and the same camera poses
 * (room centres, four headings each), 320×240, HFOV 79°. Reports medians and their ratio.
 */
import type { BenchOptions, BenchResult } from './run.js';
import { medians } from './stats.js';
import { generateHouse } from '../src/sim/house/generate.js';
import { Renderer } from '../src/sim/render/renderer.js';
import { SceneNavMesh } from '../src/sim/navmesh.js';
import { simCameraPose } from '../src/geometry/sim-frame.js';
import type { Mat4 } from '../src/geometry/pose.js';
import { refRender, refRuns, refTarget } from './reference/raster-ref.js';

/** The bench house: the largest of the first few seeds, so the scene is close to 20k triangles. */
function benchHouse(log: (l: string) => void) {
  let best = generateHouse(1);
  for (let seed = 2; seed <= 8; seed++) {
    const s = generateHouse(seed);
    if (s.attrs.length > best.attrs.length) best = s;
  }
  log(`bench house ${best.name}: ${best.attrs.length / 4} triangles, ${best.textures.length} textures`);
  return best;
}

export async function run(opts: BenchOptions): Promise<BenchResult> {
  const scene = benchHouse(opts.log);
  const renderer = await Renderer.create(scene, { width: 320, height: 240, hfovDeg: 79 });
  const nav = await SceneNavMesh.build(scene);
  const poses: Mat4[] = [];
  for (const room of scene.rooms) {
    const s = nav.snap([(room.x0 + room.x1) / 2, scene.floors[room.floor].y, (room.z0 + room.z1) / 2], 1.5);
    if (!s) continue;
    for (let k = 0; k < 4; k++) poses.push(simCameraPose(s.point, (k * Math.PI) / 2 + 0.3, 0.88));
  }
  nav.destroy();
  const textures = scene.textures.map((t, i) => ({ texels: renderer.textureTexels(i).slice(), width: t.width, height: t.height }));
  const target = refTarget(renderer.intrinsics);
  // the reference culls whole objects (frustum, occlusion tiles) exactly as render.wasm does
  const runs = refRuns(scene.triangles, scene.attrs);

  // the two rasterisers agree pixel for pixel (up to float rounding at texel edges)
  let same = 0,
    total = 0;
  for (const p of poses) {
    const f = renderer.render(p);
    refRender(scene.triangles, scene.attrs, textures, renderer.intrinsics, p, renderer.camera.near, target, undefined, runs);
    for (let i = 0; i < f.ids.length; i++) {
      total++;
      if (f.ids[i] === target.ids[i] && f.rgb[i * 3] === target.rgb[i * 3] && Math.abs(f.depth[i] - target.depth[i]) < 1e-4) same++;
    }
  }

  let a = 0,
    b = 0;
  const time = opts.quick ? 300 : 1500;
  const m = await medians(
    {
      wasm: () => renderer.render(poses[a++ % poses.length]),
      ts: () =>
        refRender(scene.triangles, scene.attrs, textures, renderer.intrinsics, poses[b++ % poses.length], renderer.camera.near, target, undefined, runs),
    },
    { time, iterations: 50 },
  );
  const speedup = m.ts / m.wasm;
  // fastest single frame of each, as an estimate of the unloaded cost on a busy shared machine
  const fastest = (fn: (i: number) => void) => {
    let best = Infinity;
    for (let i = 0; i < (opts.quick ? 40 : 160); i++) {
      const t0 = performance.now();
      fn(i);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const minWasm = fastest((i) => renderer.render(poses[i % poses.length]));
  const minTs = fastest((i) =>
    refRender(scene.triangles, scene.attrs, textures, renderer.intrinsics, poses[i % poses.length], renderer.camera.near, target, undefined, runs),
  );
  renderer.dispose();
  return {
    table: [
      { rasteriser: 'render.wasm (AssemblyScript, SIMD)', median_ms: +m.wasm.toFixed(3) },
      { rasteriser: 'TypeScript reference', median_ms: +m.ts.toFixed(3) },
    ],
    summary: {
      median_ms_320: +m.wasm.toFixed(3),
      ts_median_ms_320: +m.ts.toFixed(3),
      speedup_vs_ts: +speedup.toFixed(2),
      min_ms_320: +minWasm.toFixed(3),
      ts_min_ms_320: +minTs.toFixed(3),
      triangles: scene.attrs.length / 4,
      poses: poses.length,
      pixels_agreeing: +(same / total).toFixed(5),
    },
  };
}
