import { describe, expect, it } from 'vitest';
import { Document, WebIO } from '@gltf-transform/core';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { loadGltfScene } from '../../src/sim/gltf.js';
import { Renderer } from '../../src/sim/render/renderer.js';
import { SimBody } from '../../src/body/sim-body.js';
import { simCameraPose } from '../../src/geometry/sim-frame.js';

/** An 8×8 black-and-white checker (one texel a square) as PNG, or as JPEG at 64×64 (8×8 blocks a square, so the blocks do not blur them). */
function checker(kind: 'png' | 'jpeg'): { mime: string; bytes: Uint8Array } {
  if (kind === 'jpeg') {
    const n = 64,
      data = new Uint8Array(n * n * 4);
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const v = ((x >> 3) + (y >> 3)) % 2 ? 255 : 0,
          o = (y * n + x) * 4;
        data[o] = v;
        data[o + 1] = v;
        data[o + 2] = v;
        data[o + 3] = 255;
      }
    return { mime: 'image/jpeg', bytes: new Uint8Array(jpeg.encode({ width: n, height: n, data }, 90).data) };
  }
  const png = new PNG({ width: 8, height: 8 });
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) {
      const v = (x + y) % 2 ? 255 : 0,
        o = (y * 8 + x) * 4;
      png.data[o] = v;
      png.data[o + 1] = v;
      png.data[o + 2] = v;
      png.data[o + 3] = 255;
    }
  return { mime: 'image/png', bytes: new Uint8Array(PNG.sync.write(png)) };
}

/** A 6 m × 6 m textured floor and a 1 m box ('crate') 2 m ahead of the origin, written as GLB. */
async function makeGlb(texture: { mime: string; bytes: Uint8Array } = checker('png')): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const tex = doc.createTexture('checker').setMimeType(texture.mime).setImage(texture.bytes);
  const floorMat = doc.createMaterial('floor').setBaseColorTexture(tex);
  const boxMat = doc.createMaterial('crate').setBaseColorFactor([0.8, 0.2, 0.1, 1]);
  const floorPos = doc
    .createAccessor()
    .setType('VEC3')
    .setBuffer(buffer)
    .setArray(new Float32Array([-3, 0, -3, -3, 0, 3, 3, 0, 3, 3, 0, -3]));
  const floorUv = doc
    .createAccessor()
    .setType('VEC2')
    .setBuffer(buffer)
    .setArray(new Float32Array([0, 0, 0, 3, 3, 3, 3, 0]));
  const floorIdx = doc
    .createAccessor()
    .setType('SCALAR')
    .setBuffer(buffer)
    .setArray(new Uint16Array([0, 1, 2, 0, 2, 3]));
  const floorMesh = doc
    .createMesh('floor')
    .addPrimitive(doc.createPrimitive().setAttribute('POSITION', floorPos).setAttribute('TEXCOORD_0', floorUv).setIndices(floorIdx).setMaterial(floorMat));
  // unit cube around the origin, outward counter-clockwise faces
  const p = [-0.5, 0, -0.5, 0.5, 0, -0.5, 0.5, 1, -0.5, -0.5, 1, -0.5, -0.5, 0, 0.5, 0.5, 0, 0.5, 0.5, 1, 0.5, -0.5, 1, 0.5];
  const faces = [4, 5, 6, 4, 6, 7, 1, 0, 3, 1, 3, 2, 5, 1, 2, 5, 2, 6, 0, 4, 7, 0, 7, 3, 7, 6, 2, 7, 2, 3, 0, 1, 5, 0, 5, 4];
  const boxMesh = doc.createMesh('crate').addPrimitive(
    doc
      .createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setBuffer(buffer).setArray(new Float32Array(p)))
      .setIndices(doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(new Uint16Array(faces)))
      .setMaterial(boxMat),
  );
  const scene = doc.createScene('s');
  scene.addChild(doc.createNode('floor').setMesh(floorMesh));
  scene.addChild(doc.createNode('crate').setMesh(boxMesh).setTranslation([0, 0, -2]));
  return new WebIO().writeBinary(doc);
}

/** Floor pixels seen from the origin that are dark (< 60) and light (> 180). */
async function floorCheckerPixels(glb: Uint8Array): Promise<{ dark: number; light: number }> {
  const scene = await loadGltfScene(glb, { name: 'test.glb' });
  const r = await Renderer.create(scene);
  const f = r.render(simCameraPose([0, 0, 0], 0, 0.88));
  let dark = 0,
    light = 0;
  for (let i = 0; i < f.ids.length; i++) {
    if (f.ids[i] !== scene.objects[0].id) continue;
    if (f.rgb[i * 3] < 60) dark++;
    else if (f.rgb[i * 3] > 180) light++;
  }
  r.dispose();
  return { dark, light };
}

describe('glTF/GLB scenes', () => {
  it('decodes an embedded JPEG base colour texture (not a flat colour)', async () => {
    const scene = await loadGltfScene(await makeGlb(checker('jpeg')), { name: 'jpeg.glb' });
    expect(scene.textures.some((t) => t.width === 64 && t.height === 64)).toBe(true);
    const { dark, light } = await floorCheckerPixels(await makeGlb(checker('jpeg')));
    expect(dark).toBeGreaterThan(500);
    expect(light).toBeGreaterThan(500);
  });

  it('refuses a texture it cannot decode, naming it, its type and what is accepted', async () => {
    await expect(loadGltfScene(await makeGlb({ mime: 'image/webp', bytes: new Uint8Array([1, 2, 3]) }), { name: 'webp.glb' })).rejects.toThrow(
      /glTF scene 'webp.glb': texture 'checker' \(image\/webp, 3 bytes\) has an unsupported image type; base colour textures must be image\/png or image\/jpeg/,
    );
    const broken = checker('jpeg').bytes.slice(0, 40);
    await expect(loadGltfScene(await makeGlb({ mime: 'image/jpeg', bytes: broken }), { name: 'cut.glb' })).rejects.toThrow(
      /texture 'checker' \(image\/jpeg, 40 bytes\) cannot be decoded/,
    );
  });

  it('loads meshes, transforms, textures and materials into the scene model', async () => {
    const scene = await loadGltfScene(await makeGlb(), { name: 'test.glb' });
    expect(scene.attrs.length / 4).toBe(2 + 12);
    expect(scene.objects.map((o) => o.category)).toEqual(['floor', 'crate']);
    const crate = scene.objects[1];
    expect(crate.min[2]).toBeCloseTo(-2.5, 6);
    expect(crate.max[1]).toBeCloseTo(1, 6);
    expect(scene.textures.some((t) => t.width === 8 && t.height === 8)).toBe(true);
    expect(scene.floors[0].y).toBeCloseTo(0, 6);

    const r = await Renderer.create(scene);
    const k = r.intrinsics;
    const f = r.render(simCameraPose([0, 0, 0], 0, 0.88));
    // the crate's front face z = −1.5 is straight ahead at the image centre
    const c = Math.round(k.cy) * f.width + Math.round(k.cx);
    expect(f.ids[c]).toBe(crate.id);
    expect(f.depth[c]).toBeCloseTo(1.5, 3);
    expect(f.rgb[c * 3]).toBeGreaterThan(f.rgb[c * 3 + 1] + 50);
    // floor pixels carry both checker colours
    let dark = 0,
      light = 0;
    for (let i = 0; i < f.ids.length; i++) {
      if (f.ids[i] !== scene.objects[0].id) continue;
      if (f.rgb[i * 3] < 60) dark++;
      else if (f.rgb[i * 3] > 180) light++;
    }
    expect(dark).toBeGreaterThan(500);
    expect(light).toBeGreaterThan(500);
    r.dispose();
  });

  it('gives a navmesh the body can walk on until it meets the crate', async () => {
    const scene = await loadGltfScene(await makeGlb(), { name: 'test.glb', start: { position: [0, 0, 0], yaw: 0 } });
    const body = await SimBody.create(scene, { camera: { width: 64, height: 48 } });
    let r;
    do r = await body.execute('forward');
    while (!r.collided && body.subMotions < 100);
    expect(r.collided).toBe(true);
    // stopped at the crate's face z = −1.5 plus the body radius
    expect(body.simPose.position[2]).toBeGreaterThan(-1.5 + 0.17);
    expect(body.simPose.position[2]).toBeLessThan(-1.5 + 0.25);
  });
});
