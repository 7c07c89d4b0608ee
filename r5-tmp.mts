import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { generateHouse } from './src/sim/house/generate.ts';
import { Renderer } from './src/sim/render/renderer.ts';
import { SceneNavMesh } from './src/sim/navmesh.ts';
import { simCameraPose } from './src/geometry/sim-frame.ts';
const seed = Number(process.argv[2]);
const scene = generateHouse(seed);
const r = await Renderer.create(scene);
const nav = await SceneNavMesh.build(scene);
// contact sheet: each room, 4 headings → rows
const rows = scene.rooms.length, W = 320, H = 240;
const sheet = new PNG({ width: W * 4, height: H * rows });
scene.rooms.forEach((room, ri) => {
  const s = nav.snap([room.type === "staircase" ? room.x0 + 0.7 : (room.x0 + room.x1) / 2, scene.floors[room.floor].y, room.type === "staircase" ? (room.floor === 0 ? room.z1 - 0.6 : room.z0 + 0.6) : (room.z0 + room.z1) / 2], 1.5);
  if (!s) return;
  for (let k = 0; k < 4; k++) {
    const f = r.render(simCameraPose(s.point, k * Math.PI / 2, 0.88));
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) { const i = (y * W + x) * 3, o = (((ri * H + y) * W * 4) + k * W + x) * 4; sheet.data[o] = f.rgb[i]; sheet.data[o+1] = f.rgb[i+1]; sheet.data[o+2] = f.rgb[i+2]; sheet.data[o+3] = 255; }
  }
});
writeFileSync(`/tmp/sheet${seed}.png`, PNG.sync.write(sheet));
console.log(scene.rooms.map(r => r.name).join(' | '));
