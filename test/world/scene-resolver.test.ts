/**
 * The benchmark scene resolver on the scan layouts the benchmarks ship, written byte by byte as
 * habitat's converter writes them (test/helpers/habitat-glb.ts): HM3D `hm3d/val/NNNNN-X/X.basis.glb`
 * with `X.basis.navmesh` and `X.semantic.glb` + `.semantic.txt`, MP3D `mp3d/S/S.glb` with a version-1
 * `S.navmesh`. Checked: the +Z-up stage stands upright, VLN-CE runs read the scene's `.navmesh` while
 * GOAT-Bench rebuilds for its agent, GOAT's `{category}_{id}` names the annotated instance, and a
 * missing or unreadable scene is refused by name.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navMeshSettings, loadHabitatScene, writeHabitatNavMesh } from '../../src/sim/node.js';
import { defaultSceneResolver, missingSceneFiles, type OpenedScene } from '../../src/world/node.js';
import { habitatGlb, type Quad } from '../helpers/habitat-glb.js';

// file frame +Z up: a 6 × 6 m floor with two walls and a painting on one of them
const QUADS: Quad[] = [
  {
    name: 'floor',
    corners: [
      [-3, -3, 0],
      [3, -3, 0],
      [3, 3, 0],
      [-3, 3, 0],
    ],
    colour: [0.2, 0.6, 0.2],
  },
  {
    name: 'wall',
    corners: [
      [-3, 3, 0],
      [3, 3, 0],
      [3, 3, 2.5],
      [-3, 3, 2.5],
    ],
    colour: [0.7, 0.7, 0.7],
  },
  {
    name: 'painting',
    corners: [
      [-0.5, 2.95, 1],
      [0.5, 2.95, 1],
      [0.5, 2.95, 1.8],
      [-0.5, 2.95, 1.8],
    ],
    colour: [0.8, 0.2, 0.2],
  },
];
const SEMANTIC_COLOURS: [number, number, number][] = [
  [0, 1, 0],
  [1, 0, 0],
  [0, 0, 1],
];
const SEMANTIC_TXT = 'HM3D Semantic Annotations\n5,00FF00,"floor",0\n9,FF0000,"wall",0\n12,0000FF,"painting",1\n';
const HM3D = 'hm3d/val/00800-abcDEF12345/abcDEF12345.basis.glb';
const MP3D = 'mp3d/zsNo4HB9uLZ/zsNo4HB9uLZ.glb';

const dir = mkdtempSync(join(tmpdir(), 'nh-scene-resolver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  const hm3d = join(dir, 'hm3d/val/00800-abcDEF12345');
  const mp3d = join(dir, 'mp3d/zsNo4HB9uLZ');
  mkdirSync(hm3d, { recursive: true });
  mkdirSync(mp3d, { recursive: true });
  const glb = habitatGlb(QUADS);
  writeFileSync(join(hm3d, 'abcDEF12345.basis.glb'), glb);
  writeFileSync(join(hm3d, 'abcDEF12345.semantic.glb'), habitatGlb(QUADS.map((q, i) => ({ ...q, colour: SEMANTIC_COLOURS[i] }))));
  writeFileSync(join(hm3d, 'abcDEF12345.semantic.txt'), SEMANTIC_TXT);
  writeFileSync(join(mp3d, 'zsNo4HB9uLZ.glb'), glb);
  // the scans' navmeshes: a version-2 file (HM3D v0.2) and a version-1 file (MP3D), built here for habitat's default agent
  const built = await loadHabitatScene({
    stage: join(mp3d, 'zsNo4HB9uLZ.glb'),
    navmesh: 'rebuild',
    agent: { height: 1.5, radius: 0.1, maxClimb: 0.2, maxSlopeDeg: 45 },
  });
  writeFileSync(join(hm3d, 'abcDEF12345.basis.navmesh'), writeHabitatNavMesh(built.nav.toRecastBytes(), navMeshSettings(built.nav.agent)));
  writeFileSync(join(mp3d, 'zsNo4HB9uLZ.navmesh'), built.nav.toRecastBytes());
  built.nav.destroy();
}, 60_000);

async function withScene(scene: string, benchmark: 'goat-bench' | 'r2r-ce' | 'rxr-ce', check: (s: OpenedScene) => void): Promise<void> {
  const s = await defaultSceneResolver(scene, dir, benchmark);
  try {
    check(s);
  } finally {
    s.close();
  }
}

describe('defaultSceneResolver on benchmark scan layouts', () => {
  it('HM3D: upright, the .basis.navmesh for VLN-CE, a GOAT-agent rebuild for GOAT-Bench, semantic ids for GOAT objects', async () => {
    await withScene(HM3D, 'r2r-ce', (s) => {
      expect(s.navmeshSource).toBe(
        `${join(dir, 'hm3d/val/00800-abcDEF12345/abcDEF12345.basis.navmesh')} (habitat .navmesh version 2, built for an agent of 1.5 m / 0.1 m)`,
      );
      // the file's own settings block (float32)
      expect(s.navmesh.agent.height).toBeCloseTo(1.5, 6);
      expect(s.navmesh.agent.radius).toBeCloseTo(0.1, 6);
      expect(s.scene.max[1] - s.scene.min[1]).toBeCloseTo(2.5, 3);
    });
    await withScene(HM3D, 'goat-bench', (s) => {
      expect(s.navmeshSource).toBe('rebuilt for an agent of 1.41 m / 0.17 m');
      expect(s.navmesh.agent).toMatchObject({ height: 1.41, radius: 0.17 });
      // 'painting_12' is line 3 of the .semantic.txt: scene object 3, a goal
      const id = s.instanceIdOf!('painting_12');
      expect(id).toBe(3);
      expect(s.scene.objects.find((o) => o.id === id)).toMatchObject({ category: 'painting', goal: true });
      expect(() => s.instanceIdOf!('painting_13')).toThrow(/'painting_13' names no instance of the semantic annotations of .*abcDEF12345\.basis\.glb/);
    });
  }, 60_000);

  it("MP3D: the version-1 .navmesh with habitat's default agent for R2R-CE; no annotations, so GOAT ids are the numbers in them", async () => {
    await withScene(MP3D, 'r2r-ce', (s) => {
      expect(s.navmeshSource).toBe(
        `${join(dir, 'mp3d/zsNo4HB9uLZ/zsNo4HB9uLZ.navmesh')} (habitat .navmesh version 1, built for an agent of 1.5 m / 0.1 m: a version-1 file records no agent, habitat-sim's default assumed)`,
      );
      expect(s.navmesh.agent).toMatchObject({ height: 1.5, radius: 0.1 });
      expect(s.instanceIdOf).toBeNull();
    });
    // RxR-CE reads the same file (VLN-CE loads the scene's navmesh)
    await withScene(MP3D, 'rxr-ce', (s) => expect(s.navmeshSource).toMatch(/version 1, built for an agent/));
  }, 60_000);

  it('procedural houses get a navmesh for the benchmark agent; missing and unreadable scenes are refused by name', async () => {
    await withScene('seed:10', 'goat-bench', (s) => expect(s.navmesh.agent).toMatchObject({ height: 1.41, radius: 0.17 }));
    expect(missingSceneFiles([HM3D, 'seed:3', 'hm3d/val/00801-x/x.basis.glb'], dir)).toEqual([join(dir, 'hm3d/val/00801-x/x.basis.glb')]);
    await expect(defaultSceneResolver('hm3d/val/00801-x/x.basis.glb', dir, 'goat-bench')).rejects.toThrow(
      /scene file '.*x\.basis\.glb' is missing: download HM3D v0\.2/,
    );
    writeFileSync(join(dir, 'scan.ply'), 'ply\n');
    await expect(defaultSceneResolver('scan.ply', dir, 'r2r-ce')).rejects.toThrow(
      /scene '.*scan\.ply': is not a scene file this opener reads\naccepted: seed:N; a \.gltf\/\.glb/,
    );
  }, 60_000);
});
