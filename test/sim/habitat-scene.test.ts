/**
 * Habitat scenes into the simulator: Basis and KTX2 textures through the transcoder (right side up),
 * a +Z-up HM3D-style stage with `GOOGLE_texture_basis` / `KHR_texture_basisu` textures, vertex
 * colours and `.semantic.glb` + `.semantic.txt` annotations, navmeshes rebuilt with GOAT's agent or
 * read from version-1 and version-2 `.navmesh` files, malformed inputs refused by name, and the real
 * habitat-sim test stage `simple_room` from ../shared/data (skipped, saying so, without it).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedPath, skipReason } from '../../bench/support/shared-data.js';
import { simCameraPose } from '../../src/geometry/index.js';
import { Renderer, type Scene } from '../../src/sim/index.js';
import {
  basisTextureDecoders,
  GOAT_AGENT,
  HABITAT_DEFAULT_AGENT,
  loadHabitatScene,
  parseHabitatNavMesh,
  parseSemanticTxt,
  sceneIdsBySemanticId,
  type TextureDecoder,
  writeHabitatNavMesh,
} from '../../src/sim/node.js';
import { loadGltfScene } from '../../src/sim/gltf.js';
import { navMeshSettings } from '../../src/sim/habitat/export.js';
import { habitatGlb, type Quad } from '../helpers/habitat-glb.js';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/habitat');
const fixture = (f: string) => new Uint8Array(readFileSync(join(FIXTURES, f)));
const SIMPLE_ROOM = sharedPath('benchmarks', 'habitat_test_scenes', 'simple_room.stage_config.json');

/** Red (top rows) over blue (bottom rows), as the fixtures were encoded. */
function expectRedOverBlue(t: { width: number; height: number; rgba: Uint8Array }): void {
  const px = (x: number, y: number) => Array.from(t.rgba.subarray((y * t.width + x) * 4, (y * t.width + x) * 4 + 3));
  const [top, bottom] = [px(8, 2), px(8, t.height - 3)];
  expect(top[0]).toBeGreaterThan(150);
  expect(top[2]).toBeLessThan(90);
  expect(bottom[2]).toBeGreaterThan(150);
  expect(bottom[0]).toBeLessThan(90);
}

// File frame: +Z up, +Y front. Wall A stands at y = +2 (world z = −2, ahead at yaw 0), wall B at
// x = −2 (world x = −2, ahead at yaw +90°); both face the origin and show red above blue.
const QUADS: Quad[] = [
  {
    name: 'floor',
    corners: [
      [-2, -2, 0],
      [2, -2, 0],
      [2, 2, 0],
      [-2, 2, 0],
    ],
    colour: [0.1, 0.8, 0.1],
  },
  {
    name: 'wall a',
    corners: [
      [-2, 2, 0],
      [2, 2, 0],
      [2, 2, 2.5],
      [-2, 2, 2.5],
    ],
    uv: [
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ],
    image: 0,
  },
  {
    name: 'wall b',
    corners: [
      [-2, -2, 0],
      [-2, 2, 0],
      [-2, 2, 2.5],
      [-2, -2, 2.5],
    ],
    uv: [
      [0, 1],
      [1, 1],
      [1, 0],
      [0, 0],
    ],
    image: 1,
  },
];
const SEMANTIC_COLOURS: [number, number, number][] = [
  [0, 1, 0],
  [1, 0, 0],
  [0, 0, 1],
];
const SEMANTIC_TXT = 'HM3D Semantic Annotations\n5,00FF00,"floor",0\n9,FF0000,"wall",0\n12,0000FF,"painting",1\n';

describe('Basis and KTX2 textures', () => {
  let decoders: Record<string, TextureDecoder>;
  beforeAll(async () => {
    decoders = await basisTextureDecoders();
  });

  it('decodes .basis (plain and Y-flipped) and KTX2 (ETC1S and UASTC) right side up', () => {
    expectRedOverBlue(decoders['image/x-basis'](fixture('twotone.basis')));
    // stored bottom-up with the Y-flipped flag: flipped back
    expectRedOverBlue(decoders['image/x-basis'](fixture('twotone-yflip.basis')));
    expectRedOverBlue(decoders['image/ktx2'](fixture('twotone.ktx2')));
    expectRedOverBlue(decoders['image/ktx2'](fixture('twotone-uastc.ktx2')));
  });

  it('refuses bytes that are not what their mimeType says, naming the texture', async () => {
    expect(() => decoders['image/x-basis'](fixture('twotone.ktx2'))).toThrow(/not a \.basis file/);
    const glb = habitatGlb(QUADS.slice(0, 2), [{ bytes: fixture('twotone.ktx2'), mimeType: 'image/x-basis' }]);
    await expect(loadGltfScene(glb, { decoders })).rejects.toThrow(/texture '.*' \(image\/x-basis, 318 bytes\) cannot be decoded: not a \.basis file/);
    // without the transcoder the error says where to get it
    await expect(loadGltfScene(habitatGlb(QUADS.slice(0, 2), [{ bytes: fixture('twotone.basis'), mimeType: 'image/x-basis' }]))).rejects.toThrow(
      /need the transcoder/,
    );
  });
});

/** Rendered colour and object category at the top and bottom of the wall straight ahead. */
function wallColumn(r: Renderer, scene: Scene, yaw: number): { top: number[]; bottom: number[]; category: string; floor: number[] } {
  const f = r.render(simCameraPose([0, 0, 0], yaw, r.camera.cameraHeight));
  const w = f.width,
    x = w >> 1;
  const rows = Array.from({ length: f.height }, (_, y) => y).filter((y) => scene.objects[f.ids[y * w + x] - 1]?.category !== 'floor' && f.ids[y * w + x] !== 0);
  const rgb = (y: number) => Array.from(f.rgb.subarray((y * w + x) * 3, (y * w + x) * 3 + 3));
  return { top: rgb(rows[1]), bottom: rgb(rows[rows.length - 2]), category: scene.objects[f.ids[rows[1] * w + x] - 1].category, floor: rgb(f.height - 1) };
}

describe('loadHabitatScene on an HM3D-style stage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'habitat-scene-'));
  const stage = join(dir, 'scene.basis.glb');
  beforeAll(() => {
    writeFileSync(
      stage,
      habitatGlb(QUADS, [
        { bytes: fixture('twotone-yflip.basis'), mimeType: 'image/x-basis' },
        { bytes: fixture('twotone.ktx2'), mimeType: 'image/ktx2' },
      ]),
    );
    writeFileSync(join(dir, 'scene.semantic.glb'), habitatGlb(QUADS.map((q, i) => ({ name: q.name, corners: q.corners, colour: SEMANTIC_COLOURS[i] }))));
    writeFileSync(join(dir, 'scene.semantic.txt'), SEMANTIC_TXT);
  });

  it('rotates +Z-up into the y-up world, decodes its textures, takes vertex colours and the annotations, rebuilds the navmesh for GOAT', async () => {
    const h = await loadHabitatScene({ stage, agent: GOAT_AGENT });
    expect(h.scene.min.map((v) => Math.round(v * 100) / 100)).toEqual([-2, 0, -2]);
    expect(h.scene.max.map((v) => Math.round(v * 100) / 100)).toEqual([2, 2.5, 2]);
    expect(h.navSource).toEqual({ kind: 'rebuilt', agent: GOAT_AGENT });
    expect(h.semantic?.map((s) => s.category)).toEqual(['floor', 'wall', 'painting']);
    expect(h.scene.objects.map((o) => [o.category, o.goal])).toEqual([
      ['floor', false],
      ['wall', false],
      ['painting', true],
      ['unannotated', false],
    ]);
    // GOAT names instances '{category}_{semantic id}': 'painting_12' is scene object 3
    expect(sceneIdsBySemanticId(h.semantic!).get(12)).toBe(3);
    // the agent's radius keeps it 0.17 m off the walls
    expect(h.nav.snap([1.95, 0, 0], 0.1)).toBeNull();
    expect(h.nav.geodesic([-1, 0, 1], [1, 0, -1])).toBeCloseTo(Math.hypot(2, 2), 1);
    const r = await Renderer.create(h.scene, { width: 64, height: 48 });
    const ahead = wallColumn(r, h.scene, 0),
      left = wallColumn(r, h.scene, Math.PI / 2);
    r.dispose();
    expect(ahead.category).toBe('wall');
    expect(left.category).toBe('painting');
    for (const v of [ahead, left]) {
      expect(v.top[0]).toBeGreaterThan(v.top[2] + 60);
      expect(v.bottom[2]).toBeGreaterThan(v.bottom[0] + 60);
      // the floor's vertex colour
      expect(v.floor[1]).toBeGreaterThan(v.floor[0] + 60);
    }
  });

  it('reads version-1 and version-2 .navmesh files beside the stage, with the same distances', async () => {
    const rebuilt = await loadHabitatScene({ stage, semantic: 'none', navmesh: 'rebuild' });
    const a = [-1.2, 0, 1.3] as const,
      b = [1.1, 0, -1.4] as const;
    writeFileSync(join(dir, 'scene.basis.navmesh'), rebuilt.nav.toRecastBytes());
    const v1 = await loadHabitatScene({ stage, semantic: 'none' });
    expect(v1.navSource).toMatchObject({ kind: 'file', version: 1, settings: null });
    expect(v1.nav.agent).toEqual(HABITAT_DEFAULT_AGENT);
    writeFileSync(join(dir, 'v2.navmesh'), writeHabitatNavMesh(rebuilt.nav.toRecastBytes(), navMeshSettings(rebuilt.nav.agent)));
    const v2 = await loadHabitatScene({ stage, semantic: 'none', navmesh: join(dir, 'v2.navmesh') });
    expect(v2.navSource).toMatchObject({ kind: 'file', version: 2, settings: { agentRadius: expect.closeTo(rebuilt.nav.agent.radius, 5) } });
    expect(v2.nav.agent.height).toBeCloseTo(rebuilt.nav.agent.height, 5);
    const d = rebuilt.nav.geodesic([...a], [...b]);
    expect(Number.isFinite(d)).toBe(true);
    expect(Math.abs(v1.nav.geodesic([...a], [...b]) - d)).toBeLessThan(0.01);
    expect(Math.abs(v2.nav.geodesic([...a], [...b]) - d)).toBeLessThan(0.01);
  });

  it('refuses malformed navmesh files and semantic descriptors, naming what is wrong', () => {
    const good = parseHabitatNavMesh(fixtureNavMesh()).recastBytes;
    const bad = (edit: (dv: DataView, b: Uint8Array) => Uint8Array | void) => {
      const b = good.slice();
      return edit(new DataView(b.buffer), b) ?? b;
    };
    expect(() => parseHabitatNavMesh(bad((dv) => dv.setInt32(0, 0x12345678, true)))).toThrow(/magic 'MSET'/);
    expect(() => parseHabitatNavMesh(bad((dv) => dv.setInt32(4, 3, true)))).toThrow(/version 3; accepted are 1 and 2/);
    expect(() => parseHabitatNavMesh(bad((_, b) => b.subarray(0, b.byteLength - 10)))).toThrow(/past the end of the file/);
    expect(() => parseHabitatNavMesh(bad((dv) => dv.setInt32(48, 0, true)))).toThrow(/'DNAV' tile magic/);
    expect(() => parseHabitatNavMesh(new Uint8Array(20))).toThrow(/too short/);
    expect(() => parseSemanticTxt('1,FF0000,"wall",0\n')).toThrow(/must start with the line 'HM3D Semantic Annotations'/);
    expect(() => parseSemanticTxt('HM3D Semantic Annotations\n1,FF00,"wall",0\n')).toThrow(/line 2 is not/);
    expect(parseSemanticTxt('HM3D Semantic Annotations\n7,0A0B0C,"chair, armless",3\n')).toEqual([
      { id: 7, colour: 0x0a0b0c, category: 'chair, armless', region: 3 },
    ]);
  });

  it('follows a stage config (frame, units, nav_asset) and refuses a bad one, naming the field', async () => {
    const cfg = (o: object) => {
      const p = join(dir, `c${Math.random().toString(36).slice(2)}.stage_config.json`);
      writeFileSync(p, JSON.stringify(o));
      return p;
    };
    // glTF's own y-up frame and half-metre units: the file's y axis is the world's up, its z the back
    const h = await loadHabitatScene({
      stage: cfg({ render_asset: 'scene.basis.glb', up: [0, 1, 0], front: [0, 0, -1], units_to_meters: 0.5, nav_asset: 'v2.navmesh' }),
      semantic: 'none',
    });
    expect(h.scene.max.map((v) => Math.round(v * 100) / 100)).toEqual([1, 1, 1.25]);
    expect(h.navSource).toMatchObject({ kind: 'file', version: 2, path: join(dir, 'v2.navmesh') });
    await expect(loadHabitatScene({ stage: cfg({ up: [0, 0, 1] }) })).rejects.toThrow(/render_asset/);
    await expect(loadHabitatScene({ stage: cfg({ render_asset: 'scene.basis.glb', up: [0, 0, 1], front: [0, 0.5, 0.5] }) })).rejects.toThrow(
      /must be perpendicular unit vectors/,
    );
    await expect(loadHabitatScene({ stage: cfg({ render_asset: 'scene.basis.glb', origin: [1, 0] }) })).rejects.toThrow(/origin/);
    await expect(loadHabitatScene({ stage: cfg({ render_asset: 'scene.obj' }) })).rejects.toThrow(/must be a \.glb file/);
    await expect(loadHabitatScene({ stage: join(dir, 'missing.glb') })).rejects.toThrow(/cannot read stage '.*missing\.glb'/);
  });

  let navBytes: Uint8Array | null = null;
  function fixtureNavMesh(): Uint8Array {
    if (!navBytes) navBytes = new Uint8Array(readFileSync(join(dir, 'scene.basis.navmesh')));
    return navBytes;
  }
});

describe.skipIf(!SIMPLE_ROOM)(
  `the real habitat-sim test stage simple_room${SIMPLE_ROOM ? '' : ` — skipped: ${skipReason('benchmarks/habitat_test_scenes')}`}`,
  () => {
    it('loads with its stage config (+Z up), stands upright, gets a navmesh and renders', async () => {
      const h = await loadHabitatScene({ stage: SIMPLE_ROOM! });
      expect(h.stageConfig).toMatchObject({ up: [0, 0, 1], front: [0, 1, 0] });
      const size = [0, 1, 2].map((a) => h.scene.max[a] - h.scene.min[a]);
      // a 10.5 m square floor slab with a 1 m table and a 2 m box on it: wide in x and z, 2.2 m in y
      // once rotated upright (in the file's own y-up reading the slab would stand 10.8 m tall)
      expect(size[0]).toBeGreaterThan(10);
      expect(size[2]).toBeGreaterThan(10);
      expect(size[1]).toBeGreaterThan(2);
      expect(size[1]).toBeLessThan(2.5);
      const floorY = h.scene.floors[0].y;
      expect(floorY - h.scene.min[1]).toBeLessThan(0.25);
      expect(h.nav.snap([h.scene.start.position[0], floorY, h.scene.start.position[2]])).not.toBeNull();
      expect(h.navSource.kind).toBe('rebuilt');
      const r = await Renderer.create(h.scene, { width: 64, height: 48 });
      const f = r.render(simCameraPose(h.scene.start.position, 0, r.camera.cameraHeight, -0.5));
      const hit = Array.from(f.depth).filter((d) => d > 0).length;
      r.dispose();
      expect(hit / (64 * 48)).toBeGreaterThan(0.3);
    });
  },
);
