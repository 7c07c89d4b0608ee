/**
 * glTF scenes in Node: gltf-read.ts with PNG (pngjs) and JPEG (jpeg-js) decoders added to the ones a
 * caller passes. The reader itself takes its decoders from outside so that the browser demo can
 * load it without these packages (it decodes with the browser's own).
 */
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { pngSizeProblem } from '../image/index.js';
import { decodeTexture as decodeWith, type GltfLoadOptions, loadGltfScene as loadWith, pngWithoutTrailer } from './gltf-read.js';
import type { Scene } from './scene.js';
import type { DecodedTexture, TextureDecoder } from './texture.js';

export * from './gltf-read.js';

/** Larger textures are refused rather than decoded into hundreds of MB (ReplicaCAD's are ≤ 4096²). */
const MAX_TEXTURE_MP = 64;

/** PNG and JPEG to RGBA, the image types every glTF reader must take. */
export const IMAGE_DECODERS: Readonly<Record<string, TextureDecoder>> = {
  'image/png': (bytes) => {
    // the size the PNG declares, before decoding: the JPEG decoder's cap, for PNG too
    const tooBig = pngSizeProblem(bytes, 'the PNG', MAX_TEXTURE_MP * 1024 * 1024);
    if (tooBig) throw new Error(`${tooBig} (${MAX_TEXTURE_MP} MP, as for JPEG)`);
    const trimmed = pngWithoutTrailer(bytes);
    const png = PNG.sync.read(Buffer.from(trimmed.buffer, trimmed.byteOffset, trimmed.byteLength));
    return { width: png.width, height: png.height, rgba: new Uint8Array(png.data) };
  },
  'image/jpeg': (bytes) => {
    const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_TEXTURE_MP, maxMemoryUsageInMB: 1024 });
    return { width: img.width, height: img.height, rgba: img.data };
  },
};

export const TEXTURE_TYPES = Object.keys(IMAGE_DECODERS);

/** A base colour texture as RGBA (PNG, JPEG, and `decoders`' types); an error names the texture, its type and what is accepted. */
export function decodeTexture(bytes: Uint8Array, mime: string, name: string, decoders: Readonly<Record<string, TextureDecoder>> = {}): DecodedTexture {
  return decodeWith(bytes, mime, name, { ...IMAGE_DECODERS, ...decoders });
}

/** A glTF scene with PNG and JPEG textures decoded besides `opts.decoders`' types. */
export function loadGltfScene(bytes: Uint8Array, opts: GltfLoadOptions = {}): Promise<Scene> {
  return loadWith(bytes, { ...opts, decoders: { ...IMAGE_DECODERS, ...opts.decoders } });
}
