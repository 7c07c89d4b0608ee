import { generateHouse } from './src/sim/house/generate.ts';
import { Renderer } from './src/sim/render/renderer.ts';
import { SceneNavMesh } from './src/sim/navmesh.ts';
import { simCameraPose } from './src/geometry/sim-frame.ts';
import { refRender, refRuns, refTarget } from './bench/_reference-raster.ts';
const scene = generateHouse(5);
const r = await Renderer.create(scene);
const nav = await SceneNavMesh.build(scene);
const textures = scene.textures.map((t, i) => ({ texels: r.textureTexels(i).slice(), width: t.width, height: t.height }));
const runs = refRuns(scene.triangles, scene.attrs);
const out = refTarget(r.intrinsics), out2 = refTarget(r.intrinsics);
let bad = 0, badNoCull = 0, n = 0;
for (const room of scene.rooms) { const s = nav.snap([(room.x0 + room.x1) / 2, scene.floors[room.floor].y, (room.z0 + room.z1) / 2], 1.5); if (!s) continue; for (let k = 0; k < 4; k++) {
  const p = simCameraPose(s.point, k * Math.PI / 2 + 0.3, 0.88);
  const f = r.render(p);
  refRender(scene.triangles, scene.attrs, textures, r.intrinsics, p, 0.05, out, undefined, runs);
  refRender(scene.triangles, scene.attrs, textures, r.intrinsics, p, 0.05, out2);
  for (let i = 0; i < f.ids.length; i++) { n++; if (f.ids[i] !== out.ids[i] || f.rgb[i*3] !== out.rgb[i*3]) bad++; if (out2.ids[i] !== out.ids[i] || out2.rgb[i*3] !== out.rgb[i*3]) badNoCull++; }
} }
console.log('pixels', n, 'wasm vs ts-culled differ', bad, 'ts-culled vs ts-unculled differ', badNoCull);
