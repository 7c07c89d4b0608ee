/**
 * glTF 2.0 / GLB scenes (ReplicaCAD-style textured triangle meshes) into the simulator's scene model,
 * read with @gltf-transform/core. Each mesh node becomes one scene object named after the node; base
 * colour textures are decoded to RGBA by the decoders the caller passes by mimeType (gltf.ts adds
 * PNG and JPEG for Node; the browser demo decodes with the browser's own), untextured materials get
 * their base colour factor. Free of Node modules and of image decoders, so that the browser demo can
 * load it (lazily, when the user opens a scene). A texture that cannot be decoded is an error naming it: a flat colour in
 * its place would leave the tracker without the features it needs. Vertex colours (COLOR_0) tint a
 * triangle: an untextured one takes their mean as its colour, a textured one their mean brightness as
 * its shading (how a stage exported by `sim export` carries the simulator's baked shading).
 * Node transforms are applied; y is up and units are metres as glTF prescribes, unless `frame`
 * rotates another convention (habitat's +Z-up stages) into it.
 */
import type { DecodedTexture, TextureDecoder } from './texture.js';
import { WebIO, type Document, type Node as GltfNode, type Primitive } from '@gltf-transform/core';
import type { Vec3 } from '../geometry/index.js';
import { SceneBuilder } from './builder.js';
import { IGNORABLE_EXTENSION, ignoredExtension, SUPPORTED_EXTENSIONS, TEXTURE_SOURCE_EXTENSIONS, transformUv, uvTransformOf } from './gltf-extensions.js';
import { objectLabelsOf, roomsOf } from './gltf-labels.js';
import { FLAG_DOUBLE_SIDED, FLAG_NO_COLLIDE, type Scene, type StartPose } from './scene.js';

/** Primitive `extras` key of triangles left out of the navmesh input (written by `sim export`). */
export const NO_COLLIDE_EXTRA = 'navharnessNoCollide';

export interface GltfLoadOptions {
  name?: string;
  /** GLB container (default) or glTF JSON text with embedded (data URI) buffers */
  binary?: boolean;
  start?: StartPose;
  /** column-major 4×4 applied after every node's world matrix (a stage's frame and scale) */
  frame?: ArrayLike<number>;
  /** decoders by mimeType (gltf.ts's loadGltfScene adds PNG and JPEG; e.g. 'image/x-basis', 'image/ktx2') */
  decoders?: Readonly<Record<string, TextureDecoder>>;
  /** keep vertex colours at 8 bits a channel (semantic meshes, whose colours name instances) */
  exactVertexColours?: boolean;
  /**
   * what an undecodable base colour texture does: 'strict' (default) refuses the scene naming it,
   * 'grey' paints its triangles grey and records the failure in `report`
   */
  textures?: 'strict' | 'grey';
  /** filled while reading: textures decoded and failed, extensions ignored */
  report?: GltfReport;
  /** external files a `.gltf` names by relative URI (buffers, images), read by the caller */
  resources?: Readonly<Record<string, Uint8Array>>;
}

export interface GltfReport {
  /** distinct base colour textures the drawn triangles use */
  textures: { total: number; decoded: number; failed: Array<{ texture: string; reason: string }> };
  /** what was read differently from the file, one line each (ignored shading extensions) */
  notes: string[];
}

export const emptyGltfReport = (): GltfReport => ({ textures: { total: 0, decoded: 0, failed: [] }, notes: [] });

export type { DecodedTexture, TextureDecoder } from './texture.js';

const TRIANGLES = 4;

/** Other names files use for a decoder's mimeType: the GOOGLE_texture_basis text says `image/basis`. */
const MIME_ALIASES: Record<string, string> = { 'image/basis': 'image/x-basis', 'image/jpg': 'image/jpeg' };

/**
 * The PNG up to the end of its IEND chunk: exporters pad an embedded image to its buffer view's
 * alignment, which the glTF validator accepts and pngjs refuses ("unrecognised content at end of stream").
 */
export function pngWithoutTrailer(bytes: Uint8Array): Uint8Array {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 8;
  while (at + 12 <= bytes.byteLength) {
    const len = dv.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4], bytes[at + 5], bytes[at + 6], bytes[at + 7]);
    const end = at + 12 + len;
    if (end > bytes.byteLength) break;
    if (type === 'IEND') return bytes.subarray(0, end);
    at = end;
  }
  return bytes;
}

/** A base colour texture as RGBA through `decoders`; an error names the texture, its type and what is accepted. */
export function decodeTexture(bytes: Uint8Array, mime: string, name: string, decoders: Readonly<Record<string, TextureDecoder>> = {}): DecodedTexture {
  const what = `texture '${name}' (${mime || 'no mimeType'}, ${bytes.byteLength} bytes)`;
  mime = MIME_ALIASES[mime] ?? mime;
  const decode = decoders[mime];
  if (decode) {
    try {
      return decode(bytes);
    } catch (e) {
      throw new Error(`${what} cannot be decoded: ${(e as Error).message}`);
    }
  }
  const accepted = Object.keys(decoders);
  const hint =
    mime === 'image/x-basis' || mime === 'image/ktx2' ? ' (Basis and KTX2 textures need the transcoder: load habitat scenes with loadHabitatScene)' : '';
  const list = accepted.length
    ? `${accepted.slice(0, -1).join(', ')}${accepted.length > 1 ? ' or ' : ''}${accepted[accepted.length - 1]}`
    : 'of a type a decoder was given for (none was)';
  throw new Error(`${what} has an unsupported image type; base colour textures must be ${list}${hint}`);
}

function transform(m: ArrayLike<number>, p: Vec3): Vec3 {
  // glTF matrices are column-major
  return [m[0] * p[0] + m[4] * p[1] + m[8] * p[2] + m[12], m[1] * p[0] + m[5] * p[1] + m[9] * p[2] + m[13], m[2] * p[0] + m[6] * p[1] + m[10] * p[2] + m[14]];
}

/** a · b for column-major 4×4 matrices */
export function mul4(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) out[c * 4 + r] += a[k * 4 + r] * b[c * 4 + k];
  return out;
}

function det3(m: ArrayLike<number>): number {
  return m[0] * (m[5] * m[10] - m[9] * m[6]) - m[4] * (m[1] * m[10] - m[9] * m[2]) + m[8] * (m[1] * m[6] - m[5] * m[2]);
}

/** The JSON of a glTF: the first chunk of a GLB, or the text of a .gltf. */
export function gltfJson(bytes: Uint8Array, binary = true): Record<string, unknown> {
  let text: string;
  if (binary) {
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (bytes.byteLength < 20 || dv.getUint32(0, true) !== 0x46546c67) throw new Error("not a GLB file (no 'glTF' magic at byte 0)");
    const len = dv.getUint32(12, true);
    if (dv.getUint32(16, true) !== 0x4e4f534a || 20 + len > bytes.byteLength) throw new Error('GLB file without a whole JSON chunk after its header');
    text = new TextDecoder().decode(bytes.subarray(20, 20 + len));
  } else text = new TextDecoder().decode(bytes);
  const json = JSON.parse(text) as unknown;
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Error('the glTF JSON is not an object');
  return json as Record<string, unknown>;
}

const names = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Reads a glTF document. Shading-only extensions (`KHR_materials_*`) a file requires are read as
 * absent, with a note in `report`; any other unsupported required extension is refused by name.
 */
async function readGltfDocument(
  bytes: Uint8Array,
  binary = true,
  resources: Readonly<Record<string, Uint8Array>> = {},
  report?: GltfReport,
): Promise<Document> {
  const json = gltfJson(bytes, binary);
  const used = new Set([...names(json.extensionsUsed), ...names(json.extensionsRequired)]);
  const required = names(json.extensionsRequired);
  const ignored = [...used].filter((n) => IGNORABLE_EXTENSION.test(n) && !SUPPORTED_EXTENSIONS.includes(n));
  const refused = required.filter((n) => !SUPPORTED_EXTENSIONS.includes(n) && !IGNORABLE_EXTENSION.test(n));
  if (refused.length)
    throw new Error(
      `requires the glTF extension(s) ${refused.join(', ')}, which this reader does not support; supported are ${SUPPORTED_EXTENSIONS.join(', ')} (and KHR_materials_*, read without their shading)`,
    );
  for (const n of ignored) report?.notes.push(`extension ${n} ignored: it changes shading only, which the simulator's renderer does not model`);
  const io = new WebIO().registerExtensions([...TEXTURE_SOURCE_EXTENSIONS, ...ignored.map(ignoredExtension)]);
  if (binary) return io.readBinary(bytes);
  const missing = [...(Array.isArray(json.buffers) ? json.buffers : []), ...(Array.isArray(json.images) ? json.images : [])]
    .map((b) => (b as { uri?: unknown }).uri)
    .filter((u): u is string => typeof u === 'string' && !u.startsWith('data:') && !resources[u]);
  if (missing.length) throw new Error(`the .gltf names external file(s) that were not given: ${missing.join(', ')}`);
  return io.readJSON({ json: json as never, resources: { ...resources } as Record<string, Uint8Array<ArrayBuffer>> });
}

type FloorGuess = { area: number; y: number; c: Vec3 };

/** Turns glTF meshes into scene triangles, one scene object per mesh node, sharing textures. */
class GltfSceneReader {
  readonly b = new SceneBuilder();
  private readonly texCache = new Map<unknown, { tex: number; decoded: boolean }>();
  private readonly colourTex = new Map<string, number>();
  /** the largest upward-facing triangle near the lowest level: a floor to start on */
  floorGuess: FloorGuess | null = null;

  constructor(private readonly opts: Pick<GltfLoadOptions, 'frame' | 'decoders' | 'exactVertexColours' | 'textures' | 'report'> = {}) {}

  private flatTexture(f: ArrayLike<number>): number {
    const c = [0, 1, 2].map((i) => Math.round(Math.min(1, Math.max(0, f[i])) * 255));
    const key = c.join(',');
    if (!this.colourTex.has(key)) this.colourTex.set(key, this.b.texture({ kind: 'pixels', rgba: new Uint8Array([c[0], c[1], c[2], 255]) }, 1, 1));
    return this.colourTex.get(key)!;
  }

  /** The scene texture of a primitive's base colour, and whether its image decoded (false: painted flat). */
  private materialTexture(prim: Primitive): { tex: number; decoded: boolean } {
    const mat = prim.getMaterial();
    const t = mat?.getBaseColorTexture() ?? null;
    if (t && this.texCache.has(t)) return this.texCache.get(t)!;
    const report = this.opts.report?.textures;
    if (t) report && report.total++;
    let img: DecodedTexture | null = null;
    if (t) {
      const name = t.getName() || t.getURI() || `#${this.texCache.size}`;
      try {
        if (!t.getImage()) throw new Error(`texture '${name}' has no image data`);
        img = decodeTexture(t.getImage()!, t.getMimeType(), name, this.opts.decoders);
        if (report) report.decoded++;
      } catch (e) {
        if (this.opts.textures !== 'grey') throw e;
        report?.failed.push({ texture: name, reason: (e as Error).message });
      }
    }
    const out = img
      ? { tex: this.b.texture({ kind: 'pixels', rgba: img.rgba }, img.width, img.height), decoded: true }
      : { tex: this.flatTexture(t ? [0.5, 0.5, 0.5, 1] : (mat?.getBaseColorFactor() ?? [0.8, 0.8, 0.8, 1])), decoded: false };
    if (t) this.texCache.set(t, out);
    return out;
  }

  addNode(node: GltfNode): void {
    const mesh = node.getMesh();
    if (mesh) {
      const name = (node.getName() || mesh.getName() || 'object').trim().toLowerCase();
      const labels = objectLabelsOf(node.getExtras());
      const id = this.b.object({
        category: name,
        structural: false,
        goal: false,
        room: null,
        floor: 0,
        ...labels,
        min: [Infinity, Infinity, Infinity],
        max: [-Infinity, -Infinity, -Infinity],
      });
      const world = this.opts.frame ? mul4(this.opts.frame, node.getWorldMatrix()) : node.getWorldMatrix();
      for (const prim of mesh.listPrimitives()) this.addPrimitive(prim, world, id);
    }
    for (const child of node.listChildren()) this.addNode(child);
  }

  private addPrimitive(prim: Primitive, world: ArrayLike<number>, id: number): void {
    if (prim.getMode() !== TRIANGLES) return;
    const pos = prim.getAttribute('POSITION');
    if (!pos) return;
    const mat = prim.getMaterial();
    const { tex, decoded } = this.materialTexture(prim);
    const textured = decoded;
    const info = mat?.getBaseColorTextureInfo() ?? null;
    const uvT = uvTransformOf(info);
    const uvA = prim.getAttribute(`TEXCOORD_${uvT?.texCoord ?? info?.getTexCoord() ?? 0}`);
    const colA = prim.getAttribute('COLOR_0');
    const idx = prim.getIndices();
    const factor = mat?.getBaseColorFactor() ?? [1, 1, 1, 1];
    // `navharness sim export` marks the primitives its navmesh leaves out (see habitat/stage-glb.ts)
    const noCollide = (prim.getExtras() as Record<string, unknown>)[NO_COLLIDE_EXTRA] === true;
    const flags = (mat?.getDoubleSided() ? FLAG_DOUBLE_SIDED : 0) | (noCollide ? FLAG_NO_COLLIDE : 0);
    const flip = det3(world) < 0;
    const n = idx ? idx.getCount() : pos.getCount();
    const e: number[] = [];
    const vert = (k: number): { p: Vec3; uv: [number, number]; c: Vec3 | null } => {
      const i = idx ? idx.getScalar(k) : k;
      pos.getElement(i, e);
      const p = transform(world, [e[0], e[1], e[2]]);
      let uv: [number, number] = [0, 0];
      if (uvA && textured) {
        uvA.getElement(i, e);
        uv = uvT ? transformUv(uvT, e[0], e[1]) : [e[0], e[1]];
      }
      let c: Vec3 | null = null;
      if (colA) {
        colA.getElement(i, e);
        c = [e[0], e[1], e[2]];
      }
      return { p, uv, c };
    };
    for (let k = 0; k + 2 < n; k += 3) {
      const a = vert(k),
        c1 = vert(k + 1),
        c2 = vert(k + 2);
      const [v1, v2] = flip ? [c2, c1] : [c1, c2];
      const mean = a.c && v1.c && v2.c ? ([0, 1, 2].map((j) => (a.c![j] + v1.c![j] + v2.c![j]) / 3) as unknown as Vec3) : null;
      if (mean && !textured) {
        // 5 bits a channel bounds the number of flat colour textures a vertex-coloured scan makes
        const levels = this.opts.exactVertexColours ? 255 : 31;
        const q = [0, 1, 2].map((j) => Math.round(Math.min(1, Math.max(0, mean[j] * factor[j])) * levels) / levels);
        this.b.triangle([a.p, v1.p, v2.p], [a.uv, v1.uv, v2.uv], this.flatTexture(q), id, flags);
      } else {
        const shade = mean ? Math.round(256 * Math.min(1, Math.max(0, 0.2126 * mean[0] + 0.7152 * mean[1] + 0.0722 * mean[2]))) : undefined;
        this.b.triangle([a.p, v1.p, v2.p], [a.uv, v1.uv, v2.uv], tex, id, flags, shade);
      }
      this.considerFloor(a.p, v1.p, v2.p);
    }
  }

  private considerFloor(a: Vec3, b: Vec3, c: Vec3): void {
    const ex = [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
      ez = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const ny = ex[2] * ez[0] - ex[0] * ez[2];
    if (!(ny > 0)) return;
    const area = Math.abs(ny) / 2;
    const y = (a[1] + b[1] + c[1]) / 3;
    const centre: Vec3 = [(a[0] + b[0] + c[0]) / 3, y, (a[2] + b[2] + c[2]) / 3];
    const fg = this.floorGuess;
    if (!fg || y < fg.y - 0.2 || (Math.abs(y - fg.y) <= 0.2 && area > fg.area)) this.floorGuess = { area, y, c: centre };
  }
}

/** Object bounds from their triangles (the builder's running bounds start empty for glTF objects). */
function setObjectBounds(built: Scene): void {
  for (const o of built.objects) {
    o.min = [Infinity, Infinity, Infinity];
    o.max = [-Infinity, -Infinity, -Infinity];
  }
  for (let i = 0; i < built.attrs.length / 4; i++) {
    const o = built.objects[built.attrs[i * 4 + 1] - 1];
    const lo = [...o.min],
      hi = [...o.max];
    for (let k = 0; k < 3; k++)
      for (let a = 0; a < 3; a++) {
        const v = built.triangles[i * 15 + k * 5 + a];
        lo[a] = Math.min(lo[a], v);
        hi[a] = Math.max(hi[a], v);
      }
    o.min = lo as unknown as Vec3;
    o.max = hi as unknown as Vec3;
  }
}

export async function loadGltfScene(bytes: Uint8Array, opts: GltfLoadOptions = {}): Promise<Scene> {
  let doc: Document;
  try {
    doc = await readGltfDocument(bytes, opts.binary ?? true, opts.resources, opts.report);
  } catch (e) {
    throw new Error(`cannot read glTF scene '${opts.name ?? 'scene'}': ${(e as Error).message}`);
  }
  const scene = doc.getRoot().getDefaultScene() ?? doc.getRoot().listScenes()[0];
  if (!scene) throw new Error(`glTF scene '${opts.name ?? 'scene'}' has no scenes`);
  const reader = new GltfSceneReader(opts);
  try {
    for (const n of scene.listChildren()) reader.addNode(n);
  } catch (e) {
    throw new Error(`glTF scene '${opts.name ?? 'scene'}': ${(e as Error).message}`);
  }
  if (reader.b.objects.length === 0) throw new Error(`glTF scene '${opts.name ?? 'scene'}' has no triangle meshes`);

  const rooms = roomsOf(scene.getExtras());
  const built = reader.b.build({ name: opts.name ?? 'gltf', rooms, doors: [], floors: [], start: { position: [0, 0, 0], yaw: 0 } });
  setObjectBounds(built);
  for (const o of built.objects) if (o.room !== null && !rooms[o.room]) o.room = null;
  const fg = reader.floorGuess;
  const floorY = fg ? fg.y : built.min[1];
  built.floors = [{ index: 0, y: floorY, ceiling: built.max[1] }];
  built.start = opts.start ?? { position: fg ? fg.c : [(built.min[0] + built.max[0]) / 2, floorY, (built.min[2] + built.max[2]) / 2], yaw: 0 };
  return built;
}
