import { generateHouse } from './src/sim/house/generate.ts';
import { Renderer } from './src/sim/render/renderer.ts';
import { simCameraPose } from './src/geometry/sim-frame.ts';
import { refRender, refTarget } from './bench/_reference-raster.ts';
const scene = generateHouse(1);
const r = await Renderer.create(scene);
const textures = scene.textures.map((t, i) => ({ texels: r.textureTexels(i).slice(), width: t.width, height: t.height }));
const poses = [0,1,2,3].map(k => simCameraPose(scene.start.position, scene.start.yaw + k * Math.PI / 2, 0.88));
const out = refTarget(r.intrinsics);
for (let i = 0; i < 100; i++) { refRender(scene.triangles, scene.attrs, textures, r.intrinsics, poses[i%4], 0.05, out); r.render(poses[i%4]); }
let t = performance.now(); for (let i = 0; i < 400; i++) refRender(scene.triangles, scene.attrs, textures, r.intrinsics, poses[i%4], 0.05, out); const ts = (performance.now() - t) / 400;
t = performance.now(); for (let i = 0; i < 400; i++) r.render(poses[i%4]); const wa = (performance.now() - t) / 400;
console.log('ts', ts, 'wasm', wa, 'ratio', ts / wa);
