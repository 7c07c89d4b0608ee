import { generateHouse } from './src/sim/house/generate.ts';
import { Renderer } from './src/sim/render/renderer.ts';
import { simCameraPose } from './src/geometry/sim-frame.ts';
import { refRender, refTarget } from './bench/_reference-raster.ts';
const scene = generateHouse(1);
const r = await Renderer.create(scene);
const textures = scene.textures.map((t, i) => ({ texels: r.textureTexels(i).slice(), width: t.width, height: t.height }));
for (const k of [0, 1, 2, 3]) {
  const pose = simCameraPose(scene.start.position, scene.start.yaw + k * Math.PI / 2, 0.88);
  const out = refTarget(r.intrinsics);
  const stats = { tests: 0, writes: 0 };
  refRender(scene.triangles, scene.attrs, textures, r.intrinsics, pose, 0.05, out, stats);
  const f = r.render(pose);
  let diff = 0; for (let i = 0; i < f.rgb.length; i++) if (f.rgb[i] !== out.rgb[i]) diff++;
  let ddiff = 0; for (let i = 0; i < f.depth.length; i++) ddiff = Math.max(ddiff, Math.abs(f.depth[i] - out.depth[i]));
  console.log(stats, 'rgb diffs', diff, 'max depth diff', ddiff);
}
