import { generateHouse } from './src/sim/house/generate.ts';
import { Renderer } from './src/sim/render/renderer.ts';
import { simCameraPose } from './src/geometry/sim-frame.ts';
import { refRender, refRuns, refTarget } from './bench/_reference-raster.ts';
const scene = generateHouse(Number(process.argv[2] ?? 1));
const r = await Renderer.create(scene) as any;
const textures = scene.textures.map((t, i) => ({ texels: r.textureTexels(i).slice(), width: t.width, height: t.height }));
const poses = [0,1,2,3].map(k => simCameraPose(scene.start.position, scene.start.yaw + k * Math.PI / 2, 0.88));
const ex = r.ex; const out = refTarget(r.intrinsics); const runs = refRuns(scene.triangles, scene.attrs);
const min = (fn: (i: number) => void) => { let best = Infinity; for (let i = 0; i < 300; i++) { const t = performance.now(); fn(i); best = Math.min(best, performance.now() - t); } return best; };
const tot = (fn: (i: number) => void) => { let s = 0; for (let p = 0; p < 4; p++) s += min(() => fn(p)); return s / 4; };
for (let i = 0; i < 200; i++) { r.render(poses[i%4]); refRender(scene.triangles, scene.attrs, textures, r.intrinsics, poses[i%4], 0.05, out); }
const wasm = tot((p) => r.render(poses[p]));
const ts = tot((p) => refRender(scene.triangles, scene.attrs, textures, r.intrinsics, poses[p], 0.05, out, undefined, runs));
const resolve = min(() => ex.resolve(r.depth.ptr));
console.log('tris', scene.attrs.length/4, 'wasm min', wasm.toFixed(3), 'ts min', ts.toFixed(3), 'ratio', (ts / wasm).toFixed(2), 'resolve', resolve.toFixed(3));
