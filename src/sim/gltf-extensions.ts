/**
 * glTF texture extensions that only move a texture's image reference: `GOOGLE_texture_basis`
 * (habitat's `.basis.glb` scans: images of mimeType `image/x-basis`) and `KHR_texture_basisu` (KTX2
 * images). Both put the image index in `textures[i].extensions[NAME].source` instead of `source`; read
 * here into `source`, so that materials reach the image and a decoder chosen by its mimeType (see
 * `decodeTexture`) turns it into texels. Writing them back is not supported: exports use PNG.
 */
import { Extension, type ReaderContext } from '@gltf-transform/core';

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

export const TEXTURE_SOURCE_EXTENSIONS = [GoogleTextureBasis, KhrTextureBasisu];
