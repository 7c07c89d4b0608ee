/**
 * The simulator's scene model, shared by procedural houses and loaded glTF/GLB scenes.
 *
 * Sim frame: right-handed, y up (as glTF and Recast), metres; floors are horizontal planes y = const.
 * Geometry is one triangle soup ready for the rasteriser: per triangle three corners of x y z u v and
 * an attribute record (texture index, instance id, shade, flags). Front faces are counter-clockwise
 * seen from the front. Every triangle belongs to a `SceneObject` whose `id` is what instance-id frames
 * hold (0 = nothing); `objects[i].id === i + 1`.
 */
import type { Vec3 } from '../geometry/index.js';

export type Rgb = readonly [number, number, number];

export type TextureSpec =
  | { kind: 'wood'; seed: number; light: Rgb; dark: Rgb; plankWidth: number; plankLength: number }
  | { kind: 'tiles'; seed: number; a: Rgb; b: Rgb; grout: Rgb; tile: number; groutWidth: number; checker: boolean }
  | { kind: 'wallpaper'; seed: number; a: Rgb; b: Rgb; pattern: 0 | 1 | 2; period: number }
  | { kind: 'painting'; seed: number; frame: Rgb }
  | { kind: 'fabric'; seed: number; base: Rgb; amplitude: number; scale: number; weave: number }
  | { kind: 'rug'; seed: number; a: Rgb; b: Rgb }
  | { kind: 'books'; seed: number; shelf: Rgb; rows: number }
  | { kind: 'landscape'; seed: number }
  /** decoded image, RGBA 4 bytes per texel (glTF base colour) */
  | { kind: 'pixels'; rgba: Uint8Array };

export interface SceneTexture {
  width: number;
  height: number;
  spec: TextureSpec;
}

export type SizeClass = 'small' | 'medium' | 'large';

export interface SceneObject {
  /** instance id in rendered frames, ≥ 1 */
  id: number;
  /** 'wall' | 'floor' | 'ceiling' | 'door frame' for structure, else a furniture category */
  category: string;
  structural: boolean;
  /** may be named as a navigation goal */
  goal: boolean;
  /** index into `rooms`, or null (glTF scenes, exterior walls) */
  room: number | null;
  floor: number;
  colour?: string;
  size?: SizeClass;
  /** world axis-aligned bounds */
  min: Vec3;
  max: Vec3;
}

export type RoomType = 'living room' | 'kitchen' | 'bedroom' | 'bathroom' | 'hallway' | 'office' | 'dining room' | 'staircase';

export interface Room {
  index: number;
  type: RoomType;
  /** unique readable name, e.g. 'bedroom' or 'second bedroom' */
  name: string;
  floor: number;
  x0: number;
  z0: number;
  x1: number;
  z1: number;
}

export interface Door {
  index: number;
  rooms: [number, number];
  floor: number;
  /** centre of the opening on the wall line */
  x: number;
  z: number;
  width: number;
  /** direction of the wall the door sits in */
  wallAxis: 'x' | 'z';
}

export interface FloorLevel {
  index: number;
  /** floor height in the sim frame */
  y: number;
  ceiling: number;
}

export interface StartPose {
  position: Vec3;
  /** heading about +y; 0 looks along −z, positive turns left (counter-clockwise seen from above) */
  yaw: number;
}

export interface Scene {
  name: string;
  triangles: Float32Array;
  attrs: Uint32Array;
  textures: SceneTexture[];
  objects: SceneObject[];
  rooms: Room[];
  doors: Door[];
  floors: FloorLevel[];
  start: StartPose;
  min: Vec3;
  max: Vec3;
}

export const TRI_FLOATS = 15;
export const ATTR_WORDS = 4;
export const FLAG_DOUBLE_SIDED = 1;
/** left out of the navmesh input (ceilings, pictures) */
export const FLAG_NO_COLLIDE = 2;

export function triangleCount(scene: Scene): number {
  return scene.attrs.length / ATTR_WORDS;
}

export function objectById(scene: Scene, id: number): SceneObject | undefined {
  const o = scene.objects[id - 1];
  return o && o.id === id ? o : undefined;
}

/** Floor level whose height is nearest to y. */
export function floorAt(scene: Pick<Scene, 'floors'>, y: number): FloorLevel {
  let best = scene.floors[0];
  for (const f of scene.floors) if (Math.abs(f.y - y) < Math.abs(best.y - y)) best = f;
  return best;
}

/** The room containing a horizontal point on a floor, or null. */
export function roomAt(scene: Scene, x: number, z: number, floor: number): Room | null {
  for (const r of scene.rooms) if (r.floor === floor && x >= r.x0 && x <= r.x1 && z >= r.z0 && z <= r.z1) return r;
  return null;
}
