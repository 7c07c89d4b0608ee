/**
 * A scene as a habitat stage GLB: +Z up, +Y front (habitat-sim's convention for `.glb` stages), one
 * node per scene object named after its category (ids and rooms in the node's `extras`), one
 * material per texture with the texels as PNG, and the simulator's baked per-triangle shading as
 * vertex colours (COLOR_0), which glTF multiplies into the base colour, so that habitat's flat shader
 * shows the house as our renderer does. Primitives the simulator leaves out of its navmesh (ceilings,
 * pictures) say so in their extras, which the project's loader reads and Habitat ignores (a navmesh
 * Habitat recomputes treats them as obstacles). Texture coordinates keep glTF's convention (v = 0 is the
 * first image row), the one the simulator's rasteriser and glTF loader use.
 */
import { Document, WebIO, type Material, type Node as GltfNode } from '@gltf-transform/core';
import { encodePng } from '../../image/node.js';
import type { Vec3 } from '../../geometry/index.js';
import { ATTR_WORDS, FLAG_DOUBLE_SIDED, FLAG_NO_COLLIDE, TRI_FLOATS, type Scene, type SceneObject } from '../scene.js';
import { NO_COLLIDE_EXTRA } from '../gltf.js';
import { ROOMS_EXTRA } from '../gltf-labels.js';
import { worldToZUp } from './frame.js';

/** Texels of each scene texture as packed R | G << 8 | B << 16 (as the renderer synthesises them). */
export type TexelSource = (index: number) => Uint32Array;

interface PrimBuffers {
  key: Map<string, number>;
  pos: number[];
  uv: number[];
  col: number[];
  nrm: number[];
  idx: number[];
}

function texturePng(scene: Scene, i: number, texels: TexelSource): Uint8Array {
  const t = scene.textures[i],
    src = texels(i);
  const rgba = new Uint8ClampedArray(t.width * t.height * 4);
  for (let k = 0; k < src.length; k++) {
    const c = src[k];
    rgba.set([c & 255, (c >>> 8) & 255, (c >>> 16) & 255, 255], k * 4);
  }
  return new Uint8Array(encodePng({ width: t.width, height: t.height, data: rgba }));
}

function faceNormal(p: Vec3[]): Vec3 {
  const e1 = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
  const e2 = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
  const n: Vec3 = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  const l = Math.hypot(...n);
  return l > 0 ? [n[0] / l, n[1] / l, n[2] / l] : [0, 0, 1];
}

/** Adds triangle i (in file coordinates) to a primitive's buffers, sharing identical corners. */
function addTriangle(b: PrimBuffers, scene: Scene, i: number): void {
  const o = i * TRI_FLOATS;
  const p = [0, 1, 2].map((k) => worldToZUp([scene.triangles[o + k * 5], scene.triangles[o + k * 5 + 1], scene.triangles[o + k * 5 + 2]]));
  const n = faceNormal(p);
  const shade = Math.min(256, scene.attrs[i * ATTR_WORDS + 2]) / 256;
  for (let k = 0; k < 3; k++) {
    const u = scene.triangles[o + k * 5 + 3],
      v = scene.triangles[o + k * 5 + 4];
    const key = `${p[k].join(',')}|${u},${v}|${shade}|${n.join(',')}`;
    let at = b.key.get(key);
    if (at === undefined) {
      at = b.pos.length / 3;
      b.key.set(key, at);
      b.pos.push(...p[k]);
      b.uv.push(u, v);
      b.col.push(shade, shade, shade);
      b.nrm.push(...n);
    }
    b.idx.push(at);
  }
}

/** Degenerate triangles carry no surface (and the glTF validator reports them). */
function isDegenerate(scene: Scene, i: number): boolean {
  const o = i * TRI_FLOATS,
    t = scene.triangles;
  const e1 = [t[o + 5] - t[o], t[o + 6] - t[o + 1], t[o + 7] - t[o + 2]];
  const e2 = [t[o + 10] - t[o], t[o + 11] - t[o + 1], t[o + 12] - t[o + 2]];
  return Math.hypot(e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]) < 1e-10;
}

/** One glTF node per scene object; its triangles grouped by (texture, double-sidedness). */
function objectNode(doc: Document, scene: Scene, o: SceneObject, tris: number[], material: (tex: number, doubleSided: boolean) => Material): GltfNode {
  const groups = new Map<string, { tex: number; ds: boolean; noCollide: boolean; b: PrimBuffers }>();
  for (const i of tris) {
    if (isDegenerate(scene, i)) continue;
    const flags = scene.attrs[i * ATTR_WORDS + 3];
    const tex = scene.attrs[i * ATTR_WORDS],
      ds = (flags & FLAG_DOUBLE_SIDED) !== 0,
      noCollide = (flags & FLAG_NO_COLLIDE) !== 0;
    const k = `${tex}|${ds}|${noCollide}`;
    if (!groups.has(k)) groups.set(k, { tex, ds, noCollide, b: { key: new Map(), pos: [], uv: [], col: [], nrm: [], idx: [] } });
    addTriangle(groups.get(k)!.b, scene, i);
  }
  const buffer = doc.getRoot().listBuffers()[0];
  const mesh = doc.createMesh(o.category);
  for (const { tex, ds, noCollide, b } of groups.values()) {
    if (b.idx.length === 0) continue;
    const acc = (type: 'VEC2' | 'VEC3' | 'SCALAR', arr: Float32Array | Uint32Array) => doc.createAccessor().setType(type).setArray(arr).setBuffer(buffer);
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', acc('VEC3', new Float32Array(b.pos)))
      .setAttribute('NORMAL', acc('VEC3', new Float32Array(b.nrm)))
      .setAttribute('TEXCOORD_0', acc('VEC2', new Float32Array(b.uv)))
      .setAttribute('COLOR_0', acc('VEC3', new Float32Array(b.col)))
      .setIndices(acc('SCALAR', new Uint32Array(b.idx)))
      .setMaterial(material(tex, ds));
    // ceilings and pictures stay out of the simulator's navmesh input; Habitat ignores the mark
    if (noCollide) prim.setExtras({ [NO_COLLIDE_EXTRA]: true });
    mesh.addPrimitive(prim);
  }
  return doc
    .createNode(o.category)
    .setMesh(mesh)
    .setExtras({ id: o.id, category: o.category, room: o.room, floor: o.floor, goal: o.goal, structural: o.structural, colour: o.colour ?? null });
}

/** The scene as a GLB stage (+Z up, +Y front). */
export async function sceneToStageGlb(scene: Scene, texels: TexelSource): Promise<Uint8Array> {
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'navharness sim export';
  doc.createBuffer();
  const gscene = doc.createScene(scene.name);
  doc.getRoot().setDefaultScene(gscene);
  // the rooms (y-up world frame), read back by the project's loader for its ground-truth labels
  gscene.setExtras({ [ROOMS_EXTRA]: scene.rooms.map(({ index, type, name, floor, x0, z0, x1, z1 }) => ({ index, type, name, floor, x0, z0, x1, z1 })) });
  const textures = new Map<number, ReturnType<Document['createTexture']>>();
  const materials = new Map<string, Material>();
  const material = (tex: number, ds: boolean): Material => {
    const key = `${tex}|${ds}`;
    if (!materials.has(key)) {
      if (!textures.has(tex))
        textures.set(
          tex,
          doc
            .createTexture(`texture${tex}`)
            .setImage(texturePng(scene, tex, texels))
            .setMimeType('image/png'),
        );
      materials.set(
        key,
        doc
          .createMaterial(`material${tex}${ds ? '_double' : ''}`)
          .setBaseColorTexture(textures.get(tex)!)
          .setDoubleSided(ds)
          .setMetallicFactor(0)
          .setRoughnessFactor(1),
      );
    }
    return materials.get(key)!;
  };
  const byObject = new Map<number, number[]>();
  for (let i = 0; i < scene.attrs.length / ATTR_WORDS; i++) {
    const id = scene.attrs[i * ATTR_WORDS + 1];
    if (!byObject.has(id)) byObject.set(id, []);
    byObject.get(id)!.push(i);
  }
  for (const o of scene.objects) {
    const tris = byObject.get(o.id);
    if (tris) gscene.addChild(objectNode(doc, scene, o, tris, material));
  }
  return new WebIO().writeBinary(doc);
}

/** Instance colour of scene object `id` (0xRRGGBB): distinct ids get distinct colours, since an odd multiplier permutes the residues mod 2^24. */
export const instanceColour = (id: number): number => Math.imul(id, 0x9e3779b1) & 0xffffff;

/**
 * The HM3D-style semantic mesh of a scene: the stage's triangles, each object painted in its
 * `instanceColour` as vertex colours (COLOR_0), +Z up like the stage.
 */
export async function sceneToSemanticGlb(scene: Scene): Promise<Uint8Array> {
  const doc = new Document();
  doc.getRoot().getAsset().generator = 'navharness sim export';
  const buffer = doc.createBuffer();
  const gscene = doc.createScene(`${scene.name} semantic`);
  doc.getRoot().setDefaultScene(gscene);
  const material = doc.createMaterial('instance colour').setMetallicFactor(0).setRoughnessFactor(1);
  const byObject = new Map<number, number[]>();
  for (let i = 0; i < scene.attrs.length / ATTR_WORDS; i++) {
    if (isDegenerate(scene, i)) continue;
    const id = scene.attrs[i * ATTR_WORDS + 1];
    if (!byObject.has(id)) byObject.set(id, []);
    byObject.get(id)!.push(i);
  }
  for (const o of scene.objects) {
    const tris = byObject.get(o.id);
    if (!tris) continue;
    const c = instanceColour(o.id),
      rgb = [(c >> 16) & 255, (c >> 8) & 255, c & 255].map((v) => v / 255);
    const pos = new Float32Array(tris.length * 9),
      col = new Float32Array(tris.length * 9);
    tris.forEach((i, t) => {
      for (let k = 0; k < 3; k++) {
        const o5 = i * TRI_FLOATS + k * 5;
        pos.set(worldToZUp([scene.triangles[o5], scene.triangles[o5 + 1], scene.triangles[o5 + 2]]), t * 9 + k * 3);
        col.set(rgb, t * 9 + k * 3);
      }
    });
    const acc = (arr: Float32Array) => doc.createAccessor().setType('VEC3').setArray(arr).setBuffer(buffer);
    const prim = doc.createPrimitive().setAttribute('POSITION', acc(pos)).setAttribute('COLOR_0', acc(col)).setMaterial(material);
    gscene.addChild(doc.createNode(o.category).setMesh(doc.createMesh(o.category).addPrimitive(prim)).setExtras({ id: o.id }));
  }
  return new WebIO().writeBinary(doc);
}

/** The `.semantic.txt` of a scene: one line per object, its id, `instanceColour`, category and room (−1 for none). */
export function semanticTxt(scene: Scene): string {
  const hex = (c: number) => c.toString(16).toUpperCase().padStart(6, '0');
  return (
    ['HM3D Semantic Annotations', ...scene.objects.map((o) => `${o.id},${hex(instanceColour(o.id))},"${o.category.replace(/"/g, "'")}",${o.room ?? -1}`)].join(
      '\n',
    ) + '\n'
  );
}
