/**
 * Tiny habitat-style GLBs written byte by byte (no glTF library), so that the loader is tested on
 * what habitat's converter writes rather than on what the project's own exporter writes: +Z up,
 * quads as indexed triangles, textures referenced through `GOOGLE_texture_basis` (image/x-basis) or
 * `KHR_texture_basisu` (image/ktx2), vertex colours as COLOR_0.
 */

export interface Quad {
  /** four corners, counter-clockwise seen from the front, in file coordinates */
  corners: [number, number, number][];
  /** texture coordinates of the corners */
  uv?: [number, number][];
  /** image index whose texture the quad shows */
  image?: number;
  /** RGB 0..1 vertex colour of all four corners */
  colour?: [number, number, number];
  name: string;
}

export interface GlbImage {
  bytes: Uint8Array;
  mimeType: 'image/x-basis' | 'image/ktx2' | 'image/png';
}

const EXT = { 'image/x-basis': 'GOOGLE_texture_basis', 'image/ktx2': 'KHR_texture_basisu' } as const;

export function habitatGlb(quads: Quad[], images: GlbImage[] = []): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const bufferViews: object[] = [],
    accessors: object[] = [];
  const addView = (bytes: Uint8Array, target?: number): number => {
    const pad = (4 - (offset % 4)) % 4;
    if (pad) chunks.push(new Uint8Array(pad));
    offset += pad;
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.byteLength, ...(target ? { target } : {}) });
    chunks.push(bytes);
    offset += bytes.byteLength;
    return bufferViews.length - 1;
  };
  const addAccessor = (arr: Float32Array | Uint16Array, type: string, minmax = false): number => {
    const comps = type === 'VEC3' ? 3 : type === 'VEC2' ? 2 : 1;
    const view = addView(new Uint8Array(arr.buffer), arr instanceof Uint16Array ? 34963 : 34962);
    const acc: Record<string, unknown> = { bufferView: view, componentType: arr instanceof Uint16Array ? 5123 : 5126, count: arr.length / comps, type };
    if (minmax) {
      acc.min = [0, 1, 2].map((c) => Math.min(...Array.from({ length: arr.length / 3 }, (_, i) => arr[i * 3 + c])));
      acc.max = [0, 1, 2].map((c) => Math.max(...Array.from({ length: arr.length / 3 }, (_, i) => arr[i * 3 + c])));
    }
    accessors.push(acc);
    return accessors.length - 1;
  };
  const imageDefs = images.map((im) => ({ bufferView: addView(im.bytes), mimeType: im.mimeType }));
  const textures = images.map((im, i) => (im.mimeType === 'image/png' ? { source: i } : { extensions: { [EXT[im.mimeType]]: { source: i } } }));
  const materials = images.map((_, i) => ({ pbrMetallicRoughness: { baseColorTexture: { index: i }, metallicFactor: 0 } }));
  materials.push({ pbrMetallicRoughness: { metallicFactor: 0 } } as never);
  const meshes = quads.map((q) => {
    const attributes: Record<string, number> = { POSITION: addAccessor(new Float32Array(q.corners.flat()), 'VEC3', true) };
    if (q.uv) attributes.TEXCOORD_0 = addAccessor(new Float32Array(q.uv.flat()), 'VEC2');
    if (q.colour) attributes.COLOR_0 = addAccessor(new Float32Array([q.colour, q.colour, q.colour, q.colour].flat()), 'VEC3');
    const indices = addAccessor(new Uint16Array([0, 1, 2, 0, 2, 3]), 'SCALAR');
    return { name: q.name, primitives: [{ attributes, indices, material: q.image ?? images.length }] };
  });
  const used = [...new Set(images.filter((im) => im.mimeType !== 'image/png').map((im) => EXT[im.mimeType as keyof typeof EXT]))];
  const json = {
    asset: { version: '2.0', generator: 'navharness test' },
    ...(used.length ? { extensionsUsed: used, extensionsRequired: used } : {}),
    scene: 0,
    scenes: [{ nodes: quads.map((_, i) => i) }],
    nodes: quads.map((q, i) => ({ name: q.name, mesh: i })),
    meshes,
    materials,
    ...(images.length ? { images: imageDefs, textures } : {}),
    accessors,
    bufferViews,
    buffers: [{ byteLength: 0 }],
  };
  const binLen = Math.ceil(offset / 4) * 4;
  json.buffers[0].byteLength = binLen;
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonLen = Math.ceil(jsonBytes.byteLength / 4) * 4;
  const out = new Uint8Array(12 + 8 + jsonLen + 8 + binLen);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true);
  dv.setUint32(4, 2, true);
  dv.setUint32(8, out.byteLength, true);
  dv.setUint32(12, jsonLen, true);
  dv.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLen);
  out.set(jsonBytes, 20);
  dv.setUint32(20 + jsonLen, binLen, true);
  dv.setUint32(24 + jsonLen, 0x004e4942, true);
  let at = 28 + jsonLen;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
