/**
 * Where goals can be reached and how instances are named: success viewpoints (navigable points within
 * the success radius of an instance's footprint, reachable from a reference point, from which the
 * instance is in view), language
 * descriptions from attributes and surroundings, and goal photographs.
 */
import { type Vec3, simCameraPose, yawOfDirection } from '../../geometry/index.js';
import { distanceToFootprint, type Footprint } from '../metrics/goat.js';
import type { SceneNavMesh } from '../navmesh.js';
import type { Renderer } from '../render/renderer.js';
import type { Rng } from '../random.js';
import type { Scene, SceneObject } from '../scene.js';
import type { Pose2 } from './schema.js';

export function footprintOf(o: SceneObject): Footprint {
  return { x0: o.min[0], z0: o.min[2], x1: o.max[0], z1: o.max[2], floor: o.floor };
}

/**
 * Share of a view's pixels the instance must cover, looking at it from a viewpoint, for the viewpoint
 * to count: a point within the radius but behind a wall or a cupboard (the instance out of sight) is
 * no place to find it from, and would shorten the task's shortest path to a spot that cannot succeed.
 */
const IN_VIEW_SHARE = 0.001;

/** Whether the instance is in view from floor point `p`, the camera facing its footprint's centre. */
export function inViewFrom(renderer: Renderer, o: SceneObject, p: Vec3): boolean {
  const f = footprintOf(o);
  const yaw = yawOfDirection((f.x0 + f.x1) / 2 - p[0], (f.z0 + f.z1) / 2 - p[2]);
  const frame = renderer.render(simCameraPose(p, yaw, renderer.camera.cameraHeight));
  let n = 0;
  for (let i = 0; i < frame.ids.length; i++) if (frame.ids[i] === o.id) n++;
  return n >= IN_VIEW_SHARE * frame.ids.length;
}

/**
 * Navigable points around an instance (on its floor, at height floorY) inside its success region,
 * reachable from `from`, and — with a renderer — from which the instance is in view.
 */
export function successViewpoints(nav: SceneNavMesh, o: SceneObject, from: Vec3, floorY: number, renderer: Renderer | null, radius = 1.0, max = 8): Vec3[] {
  const f = footprintOf(o);
  const cx = (f.x0 + f.x1) / 2,
    cz = (f.z0 + f.z1) / 2;
  const hx = (f.x1 - f.x0) / 2,
    hz = (f.z1 - f.z0) / 2;
  const out: Vec3[] = [];
  for (const r of [0.35, 0.6, 0.85]) {
    for (let k = 0; k < 16; k++) {
      const a = (2 * Math.PI * k) / 16;
      const ux = Math.cos(a),
        uz = Math.sin(a);
      // leave the rectangle along u, then go r further
      const exit = Math.min(Math.abs(ux) > 1e-9 ? hx / Math.abs(ux) : Infinity, Math.abs(uz) > 1e-9 ? hz / Math.abs(uz) : Infinity);
      const s = nav.snap([cx + ux * (exit + r), floorY, cz + uz * (exit + r)], 0.15);
      if (!s || distanceToFootprint(s.point, f) > radius - 0.05) continue;
      if (out.some((q) => Math.hypot(q[0] - s.point[0], q[2] - s.point[2]) < 0.25)) continue;
      if (!Number.isFinite(nav.geodesic(from, s.point))) continue;
      if (renderer && !inViewFrom(renderer, o, s.point)) continue;
      out.push(s.point);
      if (out.length >= max) return out;
    }
  }
  return out;
}

function phrase(o: SceneObject): string {
  if (o.category === 'painting') return `painting with a ${o.colour} frame`;
  return `${o.colour} ${o.category}`;
}

/** "the large blue sofa in the living room, next to the brown table" — attributes plus surroundings. */
export function describeInstance(scene: Scene, o: SceneObject): string {
  const room = o.room !== null ? scene.rooms[o.room] : null;
  const f = footprintOf(o);
  const near = scene.objects
    .filter((q) => q.goal && q.id !== o.id && q.room === o.room && q.category !== o.category)
    .map((q) => ({ q, d: footprintGap(f, footprintOf(q)) }))
    .filter((x) => x.d < 1.2)
    .sort((a, b) => a.d - b.d || a.q.id - b.q.id);
  const size = o.size && o.size !== 'medium' && o.category !== 'painting' ? `${o.size} ` : '';
  let s = `the ${size}${phrase(o)}`;
  if (room) s += ` in the ${room.name}`;
  if (near.length > 0) s += `, next to the ${phrase(near[0].q)}`;
  return s;
}

function footprintGap(a: Footprint, b: Footprint): number {
  const dx = Math.max(0, a.x0 - b.x1, b.x0 - a.x1),
    dz = Math.max(0, a.z0 - b.z1, b.z0 - a.z1);
  return Math.hypot(dx, dz);
}

/** A viewpoint from which the instance fills a good part of the frame, or null. */
export function photographViewpoint(scene: Scene, nav: SceneNavMesh, renderer: Renderer, o: SceneObject, from: Vec3, rng: Rng): Pose2 | null {
  const f = footprintOf(o);
  const cx = (f.x0 + f.x1) / 2,
    cz = (f.z0 + f.z1) / 2;
  let best: { pose: Pose2; cover: number } | null = null;
  for (let k = 0; k < 14; k++) {
    const a = rng.next() * 2 * Math.PI,
      r = rng.range(1.0, 2.6);
    const s = nav.snap([cx + Math.cos(a) * r, scene.floors[o.floor].y, cz + Math.sin(a) * r], 0.2);
    if (!s || !Number.isFinite(nav.geodesic(from, s.point))) continue;
    const yaw = yawOfDirection(cx - s.point[0], cz - s.point[2]);
    const frame = renderer.render(simCameraPose(s.point, yaw, renderer.camera.cameraHeight));
    let n = 0;
    for (let i = 0; i < frame.ids.length; i++) if (frame.ids[i] === o.id) n++;
    const cover = n / frame.ids.length;
    if (!best || cover > best.cover) best = { pose: { position: s.point, yaw }, cover };
  }
  return best && best.cover >= 0.02 ? best.pose : null;
}
