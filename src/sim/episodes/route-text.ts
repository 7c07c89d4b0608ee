/**
 * R2R-style route instructions from a shortest path: the first move relative to the start heading,
 * turns at path corners, room entries, landmarks passed on long stretches and the object to stop by.
 */
import { type Vec3, yawOfDirection, wrapAngle } from '../../geometry/index.js';
import { distanceToFootprint } from '../metrics/goat.js';
import { floorAt, roomAt, type Room, type Scene, type SceneObject } from '../scene.js';
import { footprintOf } from './sites.js';

const DEG = Math.PI / 180;

function name(o: SceneObject): string {
  return o.category === 'painting' ? `painting with the ${o.colour} frame` : `${o.colour} ${o.category}`;
}

/** Nearest goal object within reach of p and in the same room (never one behind a wall). */
function nearestObject(scene: Scene, p: Vec3, within: number, exclude: Set<number>): SceneObject | null {
  const room = roomAt(scene, p[0], p[2], floorAt(scene, p[1]).index);
  let best: SceneObject | null = null,
    bd = within;
  for (const o of scene.objects) {
    if (!o.goal || exclude.has(o.id) || o.category === 'rug' || !room || o.room !== room.index) continue;
    const d = distanceToFootprint(p, footprintOf(o));
    if (d < bd) {
      bd = d;
      best = o;
    }
  }
  return best;
}

/** Points every `step` metres along a polyline (endpoints included). */
export function resample(path: readonly Vec3[], step: number): Vec3[] {
  const out: Vec3[] = [path[0]];
  let carry = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1],
      b = path[i];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    let t = step - carry;
    while (t <= len) {
      const f = t / len;
      out.push([a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f]);
      t += step;
    }
    carry = len - (t - step);
  }
  const last = path[path.length - 1],
    prev = out[out.length - 1];
  if (Math.hypot(last[0] - prev[0], last[2] - prev[2]) > 1e-6) out.push(last);
  return out;
}

function roomPhrase(r: Room): string {
  if (r.type === 'staircase') return r.floor === 0 ? 'go to the stairs' : `walk along the ${r.name}`;
  return r.type === 'hallway' ? `go down the ${r.name}` : `enter the ${r.name}`;
}

export function routeInstruction(scene: Scene, path: readonly Vec3[], startYaw: number): string {
  const clauses: string[] = [];
  const mentioned = new Set<number>();
  const floorOf = (p: Vec3) => floorAt(scene, p[1]).index;
  // first move relative to the start heading
  const first = path.find((p) => Math.hypot(p[0] - path[0][0], p[2] - path[0][2]) > 0.2) ?? path[path.length - 1];
  const d0 = wrapAngle(yawOfDirection(first[0] - path[0][0], first[2] - path[0][2]) - startYaw);
  const startRoom = roomAt(scene, path[0][0], path[0][2], floorOf(path[0]));
  const opener = Math.abs(d0) < 30 * DEG ? 'walk forward' : Math.abs(d0) > 150 * DEG ? 'turn around' : d0 > 0 ? 'turn left' : 'turn right';
  clauses.push(startRoom ? `${opener} in the ${startRoom.name}` : opener);

  // events along the path: corners that turn, rooms entered, landmarks on long stretches
  let room = startRoom;
  let level = floorOf(path[0]);
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1],
      b = path[i];
    const len = Math.hypot(b[0] - a[0], b[2] - a[2]);
    const steps = Math.max(1, Math.ceil(len / 0.2));
    for (let s = 1; s <= steps; s++) {
      const p: Vec3 = [a[0] + ((b[0] - a[0]) * s) / steps, a[1] + ((b[1] - a[1]) * s) / steps, a[2] + ((b[2] - a[2]) * s) / steps];
      const f = floorOf(p);
      if (f !== level && Math.abs(p[1] - scene.floors[f].y) < 0.05) {
        clauses.push(f > level ? 'go up the stairs' : 'go down the stairs');
        level = f;
        room = roomAt(scene, p[0], p[2], level) ?? room;
        continue;
      }
      const r = roomAt(scene, p[0], p[2], level);
      if (r && room && r.index !== room.index) {
        clauses.push(
          ['hallway', 'staircase'].includes(room.type) || ['hallway', 'staircase'].includes(r.type) ? roomPhrase(r) : `go through the door into the ${r.name}`,
        );
        room = r;
      } else if (r && !room) room = r;
    }
    if (len > 2.5) {
      const mid: Vec3 = [(a[0] + b[0]) / 2, a[1], (a[2] + b[2]) / 2];
      const lm = nearestObject(scene, mid, 1.0, mentioned);
      if (lm) {
        mentioned.add(lm.id);
        clauses.push(`walk past the ${name(lm)}`);
      }
    }
    if (i + 1 < path.length) {
      const c = path[i + 1];
      const turn = wrapAngle(yawOfDirection(c[0] - b[0], c[2] - b[2]) - yawOfDirection(b[0] - a[0], b[2] - a[2]));
      if (Math.abs(turn) > 40 * DEG) {
        const lm = nearestObject(scene, b, 0.8, mentioned);
        if (lm) mentioned.add(lm.id);
        clauses.push(`turn ${turn > 0 ? 'left' : 'right'}${lm ? ` at the ${name(lm)}` : ''}`);
      }
    }
  }
  const end = path[path.length - 1];
  const target = nearestObject(scene, end, 1.5, new Set());
  const endRoom = roomAt(scene, end[0], end[2], floorOf(end));
  clauses.push(target ? `stop next to the ${name(target)}` : `stop in the ${endRoom?.name ?? 'room'}`);

  // two clauses per sentence
  const sentences: string[] = [];
  for (let i = 0; i < clauses.length; i += 2) {
    const s = clauses.slice(i, i + 2).join(' and ');
    sentences.push(s.charAt(0).toUpperCase() + s.slice(1) + '.');
  }
  return sentences.join(' ');
}
