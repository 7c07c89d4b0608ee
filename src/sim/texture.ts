/**
 * A texture decoded to RGBA, and a decoder of one image type. Apart from gltf.ts so that the types
 * navharness/sim exports do not pull in @gltf-transform's (which need a newer lib than ES2022).
 */
export interface DecodedTexture {
  width: number;
  height: number;
  rgba: Uint8Array;
}

export type TextureDecoder = (bytes: Uint8Array) => DecodedTexture;
