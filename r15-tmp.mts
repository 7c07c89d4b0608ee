import { generateHouse } from './src/sim/house/generate.ts';
import { Renderer } from './src/sim/render/renderer.ts';
import { SceneNavMesh } from './src/sim/navmesh.ts';
import { simCameraPose } from './src/geometry/sim-frame.ts';
const scene = generateHouse(5);
const r = await Renderer.create(scene) as any;
const nav = await SceneNavMesh.build(scene);
const poses: any[] = [];
for (const room of scene.rooms) { const s = nav.snap([(room.x0 + room.x1) / 2, scene.floors[room.floor].y, (room.z0 + room.z1) / 2], 1.5); if (!s) continue; for (let k = 0; k < 4; k++) poses.push(simCameraPose(s.point, k * Math.PI / 2 + 0.3, 0.88)); }
const ex = r.ex;
const min = (fn: () => void) => { let best = Infinity; for (let i = 0; i < 40; i++) { const t = performance.now(); fn(); best = Math.min(best, performance.now() - t); } return best; };
for (let i = 0; i < 100; i++) r.render(poses[i % poses.length]);
let tot = 0, draw = 0, res = 0;
for (const p of poses) {
  tot += min(() => r.render(p));
  draw += min(() => { ex.clear(); ex.drawRuns(r.tris.ptr, r.attrs.ptr, r.runs.ptr, r.runCount, r.texTable.ptr); });
  res += min(() => ex.resolve(r.depth.ptr));
}
console.log('poses', poses.length, 'render', (tot / poses.length).toFixed(3), 'clear+draw', (draw / poses.length).toFixed(3), 'resolve', (res / poses.length).toFixed(3));
