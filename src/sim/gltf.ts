/**
 * glTF 2.0 / GLB scenes (ReplicaCAD-style textured triangle meshes) into the simulator's scene model,
 * read with @gltf-transform/core. Each mesh node becomes one scene object named after the node; base
 * colour textures (PNG) are decoded to RGBA, untextured materials get their base colour factor.
 * Node transforms are applied; y is up and units are metres as glTF prescribes.
 */
import { WebIO, type Document, type Node as GltfNode, type Primitive } from '@gltf-transform/core';
import { PNG } from 'pngjs';
import type { Vec3 } from '../geometry/pose.js';
import { SceneBuilder } from './builder.js';
import { FLAG_DOUBLE_SIDED, type Scene, type StartPose } from './scene.js';

export interface GltfLoadOptions {
  name?: string;
  /** GLB container (default) or glTF JSON text with embedded (data URI) buffers */
  binary?: boolean;
  start?: StartPose;
}

const TRIANGLES = 4;

function decodeImage(bytes: Uint8Array, mime: string): { width: number; height: number; rgba: Uint8Array } | null {
  if (mime !== 'image/png') return null;
  try {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
  } catch {
    return null;
  }
}

function transform(m: ArrayLike<number>, p: Vec3): Vec3 {
  // glTF matrices are column-major
  return [
    m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12],
    m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13],
    m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14],
  ];
}

function det3(m: ArrayLike<number>): number {
  return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) + m[8] * (m[1] * m[6] - m[5] * m[2]);
}

export async function readGltfDocument(bytes: Uint8Array, binary = true): Promise<Document> {
  const io = new WebIO();
  if (binary) return io.readBinary(bytes);
  const json = JSON.parse(new TextDecoder().decode(bytes));
  return io.readJSON({ json, resources: {} });
}

export async function loadGltfScene(bytes: Uint8Array, opts: GltfLoadOptions = {}): Promise<Scene> {
  let doc: Document;
  try {
    doc = await readGltfDocument(bytes, opts.binary ?? true);
  } catch (e) {
    throw new Error(`cannot read glTF scene '${opts.name ?? 'scene'}': ${(e as Error).message}`);
  }
  const b = new SceneBuilder();
  const texCache = new Map<unknown, number>();
  const colourTex = new Map<string, number>();
  const flatTexture = (f: ArrayLike<number>) => {
    const c = [0, 1, 2].map((i) => Math.round(Math.min(1, Math.max(0, f[i])) * 255));
    const key = c.join(',');
    if (!colourTex.has(key)) colourTex.set(key, b.texture({ kind: 'pixels', rgba: new Uint8Array([c[0], c[1], c[2], 255]) }, 1, 1));
    return colourTex.get(key)!;
  };
  let floorGuess: { area: number; y: number; c: Vec3 } | null = null;

  const addPrimitive = (prim: Primitive, world: ArrayLike<number>, id: number) => {
    if (prim.getMode() !== TRIANGLES) return;
    const pos = prim.getAttribute('POSITION');
    if (!pos) return;
    const uvA = prim.getAttribute('TEXCOORD_0');
    const idx = prim.getIndices();
    const mat = prim.getMaterial();
    let tex: number;
    const t = mat?.getBaseColorTexture() ?? null;
    if (t && texCache.has(t)) tex = texCache.get(t)!;
    else {
      const img = t?.getImage() ? decodeImage(t.getImage()!, t.getMimeType()) : null;
      tex = img ? b.texture({ kind: 'pixels', rgba: img.rgba }, img.width, img.height) : flatTexture(mat?.getBaseColorFactor() ?? [0.8, 0.8, 0.8, 1]);
      if (t) texCache.set(t, tex);
    }
    const flags = mat?.getDoubleSided() ? FLAG_DOUBLE_SIDED : 0;
    const flip = det3(world) < 0;
    const n = idx ? idx.getCount() : pos.getCount();
    const e: number[] = [];
    const vert = (k: number): { p: Vec3; uv: [number, number] } => {
      const i = idx ? idx.getScalar(k) : k;
      pos.getElement(i, e);
      const p = transform(world, [e[0], e[1], e[2]]);
      let uv: [number, number] = [0, 0];
      if (uvA && t) {
        uvA.getElement(i, e);
        uv = [e[0], e[1]];
      }
      return { p, uv };
    };
    for (let k = 0; k + 2 < n; k += 3) {
      const a = vert(k), c1 = vert(k + 1), c2 = vert(k + 2);
      const [v1, v2] = flip ? [c2, c1] : [c1, c2];
      b.triangle([a.p, v1.p, v2.p], [a.uv, v1.uv, v2.uv], tex, id, flags);
      // the largest upward-facing triangle near the lowest level is a floor to start on
      const ex = [v1.p[0] - a.p[0], v1.p[1] - a.p[1], v1.p[2] - a.p[2]], ez = [v2.p[0] - a.p[0], v2.p[1] - a.p[1], v2.p[2] - a.p[2]];
      const ny = ex[2] * ez[0] - ex[0] * ez[2];
      const area = Math.abs(ny) / 2;
      if (ny > 0) {
        const y = (a.p[1] + v1.p[1] + v2.p[1]) / 3;
        const c: Vec3 = [(a.p[0] + v1.p[0] + v2.p[0]) / 3, y, (a.p[2] + v1.p[2] + v2.p[2]) / 3];
        if (!floorGuess || y < floorGuess.y - 0.2 || (Math.abs(y - floorGuess.y) <= 0.2 && area > floorGuess.area)) floorGuess = { area, y, c };
      }
    }
  };

  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  if (!scene) throw new Error(`glTF scene '${opts.name ?? 'scene'}' has no scenes`);
  const visit = (node: GltfNode) => {
    const mesh = node.getMesh();
    if (mesh) {
      const name = (node.getName() || mesh.getName() || 'object').trim().toLowerCase();
      const id = b.object({ category: name, structural: false, goal: false, room: null, floor: 0, min: [Infinity, Infinity, Infinity], max: [-Infinity, -Infinity, -Infinity] });
      const world = node.getWorldMatrix();
      for (const prim of mesh.listPrimitives()) addPrimitive(prim, world, id);
    }
    for (const child of node.listChildren()) visit(child);
  };
  for (const n of scene.listChildren()) visit(n);
  if (b.objects.length === 0) throw new Error(`glTF scene '${opts.name ?? 'scene'}' has no triangle meshes`);

  // object bounds from their triangles
  const built = b.build({ name: opts.name ?? 'gltf', rooms: [], doors: [], floors: [], start: { position: [0, 0, 0], yaw: 0 } });
  for (const o of built.objects) {
    o.min = [Infinity, Infinity, Infinity];
    o.max = [-Infinity, -Infinity, -Infinity];
  }
  for (let i = 0; i < built.attrs.length / 4; i++) {
    const o = built.objects[built.attrs[i * 4 + 1] - 1];
    const lo = [...o.min], hi = [...o.max];
    for (let k = 0; k < 3; k++) for (let a = 0; a < 3; a++) {
      const v = built.triangles[i * 15 + k * 5 + a];
      lo[a] = Math.min(lo[a], v);
      hi[a] = Math.max(hi[a], v);
    }
    o.min = lo as unknown as Vec3;
    o.max = hi as unknown as Vec3;
  }
  const fg = floorGuess as { area: number; y: number; c: Vec3 } | null;
  const floorY = fg ? fg.y : built.min[1];
  built.floors = [{ index: 0, y: floorY, ceiling: built.max[1] }];
  built.start = opts.start ?? { position: fg ? fg.c : [(built.min[0] + built.max[0]) / 2, floorY, (built.min[2] + built.max[2]) / 2], yaw: 0 };
  return built;
}
