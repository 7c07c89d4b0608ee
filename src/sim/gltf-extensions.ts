/**
 * The glTF extensions the scene reader understands, and the ones it may ignore.
 *
 * - `GOOGLE_texture_basis` (habitat's `.basis.glb` scans: images of mimeType `image/x-basis`, or
 *   `image/basis` as the extension's own text has it) and `KHR_texture_basisu` (KTX2 images) put the
 *   image index in `textures[i].extensions[NAME].source` instead of `source`; read here into `source`,
 *   so that materials reach the image and a decoder chosen by its mimeType (see `decodeTexture`) turns
 *   it into texels. Writing them back is not supported: exports use PNG.
 * - `KHR_texture_transform` moves a texture's coordinates (offset, rotation, scale, texCoord); the
 *   reader applies it to the base colour texture's coordinates (ReplicaCAD objects require it).
 * - `KHR_materials_*` change shading only (specular, clearcoat, transmission, unlit…), which the
 *   simulator's renderer does not model: a file that requires one is read without it, with a note.
 * Any other required extension (mesh compression, for instance) is refused by name.
 */
import { Extension, type ReaderContext, type TextureInfo } from '@gltf-transform/core';

type TextureDef = { source?: number; extensions?: Record<string, unknown> };

function redirectSources(context: ReaderContext, name: string): void {
  for (const def of (context.jsonDoc.json.textures ?? []) as TextureDef[]) {
    const ext = def.extensions?.[name] as { source?: unknown } | undefined;
    if (ext && typeof ext.source === 'number') def.source = ext.source;
  }
}

/** Reads a texture extension whose `source` names the Basis image in place of the texture's own. */
abstract class BasisSourceExtension extends Extension {
  override readonly prereadTypes = ['Texture' as never];
  override preread(context: ReaderContext): this {
    redirectSources(context, this.extensionName);
    return this;
  }
  read(): this {
    return this;
  }
  write(): this {
    return this;
  }
}

export class GoogleTextureBasis extends BasisSourceExtension {
  static override readonly EXTENSION_NAME = 'GOOGLE_texture_basis';
  override readonly extensionName = 'GOOGLE_texture_basis';
}

export class KhrTextureBasisu extends BasisSourceExtension {
  static override readonly EXTENSION_NAME = 'KHR_texture_basisu';
  override readonly extensionName = 'KHR_texture_basisu';
}

/** A texture-coordinate transform: uv' = offset + R(rotation) · (scale ∘ uv), as KHR_texture_transform defines it. */
export interface UvTransform {
  offset: [number, number];
  rotation: number;
  scale: [number, number];
  /** the TEXCOORD set it reads, when it overrides the texture info's */
  texCoord: number | null;
}

const textureTransforms = new WeakMap<TextureInfo, UvTransform>();

/** The KHR_texture_transform of a texture reference, or null. */
export function uvTransformOf(info: TextureInfo | null): UvTransform | null {
  return info ? (textureTransforms.get(info) ?? null) : null;
}

const pair = (v: unknown, d: [number, number]): [number, number] =>
  Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'number' && Number.isFinite(x)) ? [v[0], v[1]] : d;

export class KhrTextureTransform extends Extension {
  static override readonly EXTENSION_NAME = 'KHR_texture_transform';
  override readonly extensionName = 'KHR_texture_transform';
  read(context: ReaderContext): this {
    for (const [info, def] of context.textureInfos) {
      const t = (def as { extensions?: Record<string, unknown> }).extensions?.[this.extensionName] as Record<string, unknown> | undefined;
      if (!t || typeof t !== 'object') continue;
      const rotation = typeof t.rotation === 'number' && Number.isFinite(t.rotation) ? t.rotation : 0;
      const texCoord = Number.isInteger(t.texCoord) && (t.texCoord as number) >= 0 ? (t.texCoord as number) : null;
      textureTransforms.set(info, { offset: pair(t.offset, [0, 0]), rotation, scale: pair(t.scale, [1, 1]), texCoord });
    }
    return this;
  }
  write(): this {
    return this;
  }
}

/** Applies a transform to one texture coordinate. */
export function transformUv(t: UvTransform, u: number, v: number): [number, number] {
  const su = u * t.scale[0],
    sv = v * t.scale[1];
  const c = Math.cos(t.rotation),
    s = Math.sin(t.rotation);
  return [c * su + s * sv + t.offset[0], -s * su + c * sv + t.offset[1]];
}

/** Shading-only material extensions: read as if absent. */
export const IGNORABLE_EXTENSION = /^KHR_materials_/;

/** An extension class that reads nothing, so that a file requiring a shading-only extension opens. */
export function ignoredExtension(name: string): typeof Extension {
  class Ignored extends Extension {
    static override readonly EXTENSION_NAME = name;
    override readonly extensionName = name;
    read(): this {
      return this;
    }
    write(): this {
      return this;
    }
  }
  return Ignored as unknown as typeof Extension;
}

export const TEXTURE_SOURCE_EXTENSIONS = [GoogleTextureBasis, KhrTextureBasisu, KhrTextureTransform];
export const SUPPORTED_EXTENSIONS: readonly string[] = TEXTURE_SOURCE_EXTENSIONS.map((e) => e.EXTENSION_NAME);
