/**
 * Renders the README's example frames (docs/images/) from procedural house seed 5:
 * `npx tsx scripts/render-doc-images.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { generateHouse } from '../src/sim/house/generate.js';
import { Renderer } from '../src/sim/render/renderer.js';
import { SceneNavMesh } from '../src/sim/navmesh.js';
import { simCameraPose } from '../src/geometry/sim-frame.js';
import { depthPng, idsPng, rgbPng } from '../src/image/png.js';
import type { Frame } from '../src/sim/render/renderer.js';

const scene = generateHouse(5);
const renderer = await Renderer.create(scene);
const nav = await SceneNavMesh.build(scene);
const out = new URL('../docs/images/', import.meta.url);
mkdirSync(out, { recursive: true });

/** Depth as an 8-bit colour-free grey image (near bright, 0–5 m) for people to look at. */
function depthPreview(f: Frame): Buffer {
  const rgb = new Uint8Array(f.width * f.height * 3);
  for (let i = 0; i < f.depth.length; i++) rgb.fill(f.depth[i] > 0 ? Math.max(0, 255 - Math.round((f.depth[i] / 5) * 255)) : 0, i * 3, i * 3 + 3);
  return rgbPng({ width: f.width, height: f.height, rgb });
}

/** The view of a room showing the most distinct objects, with nothing closer than 1 m in the middle. */
function bestView(roomName: string) {
  const room = scene.rooms.find((r) => r.name === roomName)!;
  let best = { score: -1, pose: simCameraPose([0, 0, 0], 0, 0.88) };
  for (const [fx, fz] of [
    [0.5, 0.5],
    [0.3, 0.3],
    [0.7, 0.3],
    [0.3, 0.7],
    [0.7, 0.7],
  ]) {
    const at = nav.snap([room.x0 + (room.x1 - room.x0) * fx, 0, room.z0 + (room.z1 - room.z0) * fz], 0.5);
    if (!at) continue;
    for (let k = 0; k < 8; k++) {
      const pose = simCameraPose(at.point, (k * Math.PI) / 4, 0.88);
      const f = renderer.render(pose);
      // nothing within 1.2 m in the middle of the view (no close-up of a chair back)
      let nearest = Infinity;
      for (let y = Math.floor(f.height * 0.2); y < f.height * 0.8; y++) {
        for (let x = Math.floor(f.width * 0.2); x < f.width * 0.8; x++) nearest = Math.min(nearest, f.depth[y * f.width + x] || Infinity);
      }
      if (nearest < 1.2) continue;
      const ids = new Set<number>();
      for (const id of f.ids) if (scene.objects[id - 1] && !scene.objects[id - 1].structural && scene.objects[id - 1].room === room.index) ids.add(id);
      if (ids.size > best.score) best = { score: ids.size, pose };
    }
  }
  return best.pose;
}

const views: [string, string][] = [
  ['living-room', 'living room'],
  ['kitchen', 'kitchen'],
  ['bedroom', 'second bedroom'],
  ['office', 'office'],
];
for (const [file, roomName] of views) {
  const f = renderer.render(bestView(roomName));
  writeFileSync(new URL(`${file}.png`, out), rgbPng(f));
  if (file === 'kitchen') {
    writeFileSync(new URL(`${file}-depth.png`, out), depthPreview(f));
    writeFileSync(new URL(`${file}-depth-mm.png`, out), depthPng(f));
    writeFileSync(new URL(`${file}-instances.png`, out), idsPng(f));
  }
}
// the staircase of this two-storey house, seen from the bottom landing
const stairs = scene.rooms.find((r) => r.type === 'staircase' && r.floor === 0);
if (stairs) {
  const at = nav.snap([stairs.x0 + 0.6, 0, stairs.z1 - 0.6], 0.5)!;
  writeFileSync(new URL('staircase.png', out), rgbPng(renderer.render(simCameraPose(at.point, -Math.PI / 2, 0.88))));
}
console.log(`wrote docs/images for ${scene.name}`);
