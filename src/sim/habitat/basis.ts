/**
 * Basis Universal (`.basis`, mimeType `image/x-basis`, habitat's `GOOGLE_texture_basis` scans) and
 * KTX2 (`image/ktx2`, `KHR_texture_basisu`) textures decoded to RGBA with Binomial's transcoder, the
 * WebAssembly build that the `three` package ships (examples/jsm/libs/basis: basis_transcoder.js +
 * .wasm, Apache-2.0). Node only: the transcoder's script is read from the package and evaluated once.
 *
 * Orientation: the decoded rows are flipped when the file says its image is stored bottom-up (the
 * `.basis` header's Y-flipped flag, or a KTX2 `KTXorientation` of "ru"), so that row 0 is the top row
 * as glTF's texture coordinates expect. Habitat's converter (magnum-imageconverter's
 * BasisImageConverter, `y_flip=true` by default) hands basisu the image top-down and lets it flip, so
 * HM3D's `.basis` images are stored bottom-up with the flag set; `basisu -y_flip` does the same.
 */
import { missingPackageMessage } from '../../runtime/index.js';
import type { DecodedTexture, TextureDecoder } from '../texture.js';

/** basis_transcoder's `transcoder_texture_format.cTFRGBA32` */
const RGBA32 = 13;
const BASIS_FLAG_Y_FLIPPED = 2;

interface BasisFileLike {
  getNumImages?(): number;
  getImageWidth(image: number, level: number): number;
  getImageHeight(image: number, level: number): number;
  startTranscoding(): number;
  getImageTranscodedSizeInBytes(image: number, level: number, format: number): number;
  transcodeImage(dst: Uint8Array, image: number, level: number, format: number, unused: number, getAlphaForOpaque: number): number;
  close(): void;
  delete(): void;
}
interface Ktx2FileLike {
  isValid(): boolean;
  getWidth(): number;
  getHeight(): number;
  startTranscoding(): number;
  getImageTranscodedSizeInBytes(level: number, layer: number, face: number, format: number): number;
  transcodeImage(dst: Uint8Array, level: number, layer: number, face: number, format: number, flags: number, channel0: number, channel1: number): number;
  close(): void;
  delete(): void;
}
interface BasisModule {
  initializeBasis(): void;
  BasisFile: new (data: Uint8Array) => BasisFileLike;
  KTX2File: new (data: Uint8Array) => Ktx2FileLike;
}

let transcoder: Promise<BasisModule> | null = null;

async function loadTranscoder(): Promise<BasisModule> {
  const { createRequire } = await import('node:module');
  const { readFile } = await import('node:fs/promises');
  const { dirname } = await import('node:path');
  const require = createRequire(import.meta.url);
  let script: string;
  try {
    script = require.resolve('three/examples/jsm/libs/basis/basis_transcoder.js');
  } catch (e) {
    // the transcoder ships in three, an optional dependency
    throw new Error(
      await missingPackageMessage(
        'three',
        "reading KTX2 (Basis) textures of Habitat scenes with three's Basis transcoder",
        (e as Error).message.split('\n')[0],
      ),
    );
  }
  const [source, wasm] = await Promise.all([readFile(script, 'utf8'), readFile(script.replace(/\.js$/, '.wasm'))]);
  // an Emscripten script that sets module.exports when it sees CommonJS globals
  const mod = { exports: {} as unknown };
  new Function('module', 'exports', 'require', '__filename', '__dirname', source)(mod, mod.exports, require, script, dirname(script));
  const factory = mod.exports as (o: { wasmBinary: Uint8Array }) => Promise<BasisModule>;
  const basis = await factory({ wasmBinary: new Uint8Array(wasm) });
  basis.initializeBasis();
  return basis;
}

/** The transcoder, loaded on first use and kept for the process. */
export function basisTranscoder(): Promise<BasisModule> {
  if (!transcoder)
    transcoder = loadTranscoder().catch((e) => {
      transcoder = null;
      throw e;
    });
  return transcoder;
}

function flipRows(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(rgba.length),
    row = width * 4;
  for (let y = 0; y < height; y++) out.set(rgba.subarray(y * row, (y + 1) * row), (height - 1 - y) * row);
  return out;
}

function decodeBasis(m: BasisModule, bytes: Uint8Array): DecodedTexture {
  if (bytes.byteLength < 23 || bytes[0] !== 0x73 || bytes[1] !== 0x42) throw new Error("not a .basis file (no 'sB' signature)");
  const file = new m.BasisFile(bytes);
  try {
    const width = file.getImageWidth(0, 0),
      height = file.getImageHeight(0, 0);
    if (!(width > 0 && height > 0) || !file.startTranscoding()) throw new Error('the transcoder cannot read it');
    const rgba = new Uint8Array(file.getImageTranscodedSizeInBytes(0, 0, RGBA32));
    if (!file.transcodeImage(rgba, 0, 0, RGBA32, 0, 0)) throw new Error('transcoding image 0 failed');
    const flags = bytes[21] | (bytes[22] << 8);
    return { width, height, rgba: flags & BASIS_FLAG_Y_FLIPPED ? flipRows(rgba, width, height) : rgba };
  } finally {
    file.close();
    file.delete();
  }
}

/** KTX2 key/value data says 'KTXorientation' = "ru" (rows go up) for bottom-up images. */
function ktx2BottomUp(bytes: Uint8Array): boolean {
  const text = new TextDecoder('latin1').decode(bytes.subarray(0, Math.min(bytes.byteLength, 4096)));
  return /KTXorientation\0r?u/.test(text);
}

function decodeKtx2(m: BasisModule, bytes: Uint8Array): DecodedTexture {
  const file = new m.KTX2File(bytes);
  try {
    if (!file.isValid()) throw new Error('not a valid KTX2 file');
    const width = file.getWidth(),
      height = file.getHeight();
    if (!file.startTranscoding()) throw new Error('the transcoder cannot read it (is it Basis-compressed?)');
    const rgba = new Uint8Array(file.getImageTranscodedSizeInBytes(0, 0, 0, RGBA32));
    if (!file.transcodeImage(rgba, 0, 0, 0, RGBA32, 0, -1, -1)) throw new Error('transcoding level 0 failed');
    return { width, height, rgba: ktx2BottomUp(bytes) ? flipRows(rgba, width, height) : rgba };
  } finally {
    file.close();
    file.delete();
  }
}

/** Texture decoders for `loadGltfScene`'s `decoders` option, by mimeType. */
export async function basisTextureDecoders(): Promise<Record<string, TextureDecoder>> {
  const m = await basisTranscoder();
  return { 'image/x-basis': (b) => decodeBasis(m, b), 'image/ktx2': (b) => decodeKtx2(m, b) };
}
