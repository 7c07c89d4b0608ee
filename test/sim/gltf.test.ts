import { describe, expect, it } from 'vitest';
import { Document, WebIO } from '@gltf-transform/core';
import { PNG } from 'pngjs';
import { loadGltfScene } from '../../src/sim/gltf.js';
import { Renderer } from '../../src/sim/render/renderer.js';
import { SimBody } from '../../src/body/sim-body.js';
import { simCameraPose } from '../../src/geometry/sim-frame.js';

/** A 6 m × 6 m textured floor and a 1 m box ('crate') 2 m ahead of the origin, written as GLB. */
async function makeGlb(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const png = new PNG({ width: 8, height: 8 });
  for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) {
    const v = (x + y) % 2 ? 255 : 0, o = (y * 8 + x) * 4;
    png.data[o] = v; png.data[o + 1] = v; png.data[o + 2] = v; png.data[o + 3] = 255;
  }
  const tex = doc.createTexture('checker').setMimeType('image/png').setImage(new Uint8Array(PNG.sync.write(png)));
  const floorMat = doc.createMaterial('floor').setBaseColorTexture(tex);
  const boxMat = doc.createMaterial('crate').setBaseColorFactor([0.8, 0.2, 0.1, 1]);
  const floorPos = doc.createAccessor().setType('VEC3').setBuffer(buffer).setArray(new Float32Array([-3, 0, -3, -3, 0, 3, 3, 0, 3, 3, 0, -3]));
  const floorUv = doc.createAccessor().setType('VEC2').setBuffer(buffer).setArray(new Float32Array([0, 0, 0, 3, 3, 3, 3, 0]));
  const floorIdx = doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(new Uint16Array([0, 1, 2, 0, 2, 3]));
  const floorMesh = doc.createMesh('floor').addPrimitive(doc.createPrimitive().setAttribute('POSITION', floorPos).setAttribute('TEXCOORD_0', floorUv).setIndices(floorIdx).setMaterial(floorMat));
  // unit cube around the origin, outward counter-clockwise faces
  const p = [-0.5, 0, -0.5, 0.5, 0, -0.5, 0.5, 1, -0.5, -0.5, 1, -0.5, -0.5, 0, 0.5, 0.5, 0, 0.5, 0.5, 1, 0.5, -0.5, 1, 0.5];
  const faces = [4, 5, 6, 4, 6, 7, 1, 0, 3, 1, 3, 2, 5, 1, 2, 5, 2, 6, 0, 4, 7, 0, 7, 3, 7, 6, 2, 7, 2, 3, 0, 1, 5, 0, 5, 4];
  const boxMesh = doc.createMesh('crate').addPrimitive(
    doc.createPrimitive()
      .setAttribute('POSITION', doc.createAccessor().setType('VEC3').setBuffer(buffer).setArray(new Float32Array(p)))
      .setIndices(doc.createAccessor().setType('SCALAR').setBuffer(buffer).setArray(new Uint16Array(faces)))
      .setMaterial(boxMat),
  );
  const scene = doc.createScene('s');
  scene.addChild(doc.createNode('floor').setMesh(floorMesh));
  scene.addChild(doc.createNode('crate').setMesh(boxMesh).setTranslation([0, 0, -2]));
  return new WebIO().writeBinary(doc);
}

describe('glTF/GLB scenes', () => {
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
    let dark = 0, light = 0;
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
