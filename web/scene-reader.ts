/**
 * The browser's `SceneReader` for the scene opener: the files the user picked (one file, or a folder
 * with a stage config and the files it names). Images decode with the
 * browser's own decoders (createImageBitmap, read back through an OffscreenCanvas) before the glTF
 * reader asks for them, since the reader's decoders are synchronous. Basis and KTX2 need the
 * transcoder, which is Node-only here: such a texture is named in the scene's failed textures and
 * its triangles are grey.
 */
import { gltfJson, posixDirname, posixResolve, type SceneFiles, type SceneReader, type TextureDecoder } from '../src/sim/scene-read.js';

/** The picked files by path: a folder's files by their path inside it, a single file by its name. */
export function pickedFiles(list: ArrayLike<File>): SceneFiles {
  const byPath = new Map<string, File>();
  for (const f of Array.from(list)) byPath.set(`/${f.webkitRelativePath || f.name}`, f);
  const folders = new Set(
    [...byPath.keys()].flatMap((p) =>
      p
        .split('/')
        .slice(1, -1)
        .map((_, i, parts) => `/${parts.slice(0, i + 1).join('/')}`),
    ),
  );
  return {
    async read(path) {
      const f = byPath.get(path);
      if (!f) throw new Error(`'${path}' is not among the picked files (pick the folder that holds it)`);
      return new Uint8Array(await f.arrayBuffer());
    },
    kind: async (path) => (byPath.has(path) ? 'file' : folders.has(path) || path === '/' ? 'folder' : null),
    resolve: posixResolve,
    dirname: posixDirname,
  };
}

type Json = Record<string, unknown>;
const arr = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** The embedded images of a GLB (bufferView into the BIN chunk) with their mimeType. */
function glbImages(bytes: Uint8Array, json: Json): Array<{ bytes: Uint8Array; mime: string }> {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = dv.getUint32(12, true);
  const binAt = 20 + jsonLength;
  if (binAt + 8 > bytes.byteLength) return [];
  const bin = bytes.subarray(binAt + 8, binAt + 8 + dv.getUint32(binAt, true));
  const views = arr(json.bufferViews);
  const out: Array<{ bytes: Uint8Array; mime: string }> = [];
  for (const img of arr(json.images)) {
    const view = typeof img.bufferView === 'number' ? views[img.bufferView] : undefined;
    if (!view || typeof img.mimeType !== 'string') continue;
    const at = typeof view.byteOffset === 'number' ? view.byteOffset : 0;
    out.push({ bytes: bin.subarray(at, at + Number(view.byteLength)), mime: img.mimeType });
  }
  return out;
}

/** A content key for image bytes (the glTF reader hands over copies, not the same arrays). */
function keyOf(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193);
  return `${bytes.length}:${h >>> 0}`;
}

async function decodeImage(bytes: Uint8Array, mime: string): Promise<{ width: number; height: number; rgba: Uint8Array }> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime }));
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const g = canvas.getContext('2d')!;
  g.drawImage(bitmap, 0, 0);
  bitmap.close();
  const data = g.getImageData(0, 0, canvas.width, canvas.height).data;
  return { width: canvas.width, height: canvas.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

const BROWSER_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/** PNG, JPEG and WebP images of a GLB decoded ahead, served to the glTF reader by content. */
async function browserDecoders(bytes: Uint8Array, binary: boolean): Promise<Record<string, TextureDecoder>> {
  const decoded = new Map<string, { width: number; height: number; rgba: Uint8Array } | Error>();
  if (binary) {
    for (const img of glbImages(bytes, gltfJson(bytes, true))) {
      if (!BROWSER_TYPES.includes(img.mime)) continue;
      decoded.set(keyOf(img.bytes), await decodeImage(img.bytes, img.mime).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))));
    }
  }
  const decoder: TextureDecoder = (b) => {
    const got = decoded.get(keyOf(b));
    if (!got) throw new Error(binary ? 'the image was not among those decoded ahead' : 'the browser demo decodes images embedded in a .glb only');
    if (got instanceof Error) throw new Error(`the browser could not decode it: ${got.message}`);
    return got;
  };
  return Object.fromEntries(BROWSER_TYPES.map((t) => [t, decoder]));
}

export const browserReader = (files: SceneFiles): SceneReader => ({ files, decoders: browserDecoders });
