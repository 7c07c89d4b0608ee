/**
 * `navharness scene inspect` on the real habitat files of ../shared/data/benchmarks (skipped, saying
 * so, without them): every scene, stage, object and navmesh file opens with no texture failure; the
 * stage config's axes and scale give the stage's bounds; navmeshes report version, polygons, area and
 * settings in both units; `--build-navmesh` reports its build time. Unusable files are refused with
 * exit 2 naming the file and what is accepted, and an undecodable texture opens grey only when asked.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedPath, skipReason } from '../../bench/support/shared-data.js';
import type { SceneInspection } from '../../src/world/index.js';
import { runMain } from '../helpers/run-program.js';

const BENCH = sharedPath('benchmarks');
const tmp = mkdtempSync(join(tmpdir(), 'nh-scene-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SCENE_FILE = /(\.glb|\.gltf|\.stage_config\.json|\.navmesh)$/i;
function sceneFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sceneFiles(p) : SCENE_FILE.test(n) && !/\.semantic\.glb$/i.test(n) ? [p] : [];
  });
}

async function inspect(...args: string[]): Promise<SceneInspection> {
  const r = await runMain('scene', 'inspect', ...args, '--json');
  expect(r.err, args.join(' ')).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as SceneInspection;
}

describe.skipIf(!BENCH)(`scene inspect on the real habitat files${BENCH ? '' : ` — skipped: ${skipReason('benchmarks')}`}`, () => {
  it('opens every scene, stage, object and navmesh file with 0 texture failures', async () => {
    const files = sceneFiles(BENCH!);
    expect(files.length).toBeGreaterThanOrEqual(12);
    for (const f of files) {
      const j = await inspect(f);
      expect(j.textures.failed, f).toEqual([]);
      expect(j.textures.decoded, f).toBe(j.textures.total);
      if (j.kind === 'navmesh') expect(j.navmesh!.polygons, f).toBeGreaterThan(0);
      else expect(j.triangles, f).toBeGreaterThan(0);
    }
  }, 300_000);

  it('a stage config applies its axes and scale; a stage GLB with a config beside it opens through it', async () => {
    const cfg = await inspect(join(BENCH!, 'habitat_sim_test_assets/stage_floor1.stage_config.json'));
    const glb = await inspect(join(BENCH!, 'habitat_sim_test_assets/stage_floor1.glb'));
    expect(cfg.kind).toBe('habitat-stage');
    expect(cfg.stage).toEqual({ up: [0, 1, 0], front: [0, 0, -1], scale: [2, 2, 2], units_to_meters: 1, origin: [0, 0, 0] });
    // the file spans ±10 m: declared at scale 2 it spans ±20 m, y up
    for (const a of [0, 2]) {
      expect(cfg.bounds_m!.min[a]).toBeCloseTo(-20, 1);
      expect(cfg.bounds_m!.max[a]).toBeCloseTo(20, 1);
    }
    expect(glb.bounds_m).toEqual(cfg.bounds_m);
    // simple_room is +Z up in its file: upright, its 2.2 m height on y
    const room = await inspect(join(BENCH!, 'habitat_test_scenes/simple_room.glb'));
    expect(room.bounds_m!.max[1] - room.bounds_m!.min[1]).toBeCloseTo(2.21, 1);
    expect(room.bounds_m!.max[0] - room.bounds_m!.min[0]).toBeGreaterThan(10);
  }, 120_000);

  it('sim render --house X.stage_config.json renders the stage upright at its declared scale', async () => {
    const out = join(tmp, 'floor-view');
    const r = await runMain('sim', 'render', '--house', join(BENCH!, 'habitat_sim_test_assets/stage_floor1.stage_config.json'), '--out', out, '--json');
    expect(r.code).toBe(0);
    const view = (JSON.parse(r.out) as { view: { position: number[] } }).view;
    // on the floor of the ±20 m stage (its file spans ±10 m), within its −1.6..2.2 m heights
    expect(Math.abs(view.position[0])).toBeLessThan(20);
    expect(view.position[1]).toBeGreaterThan(-1.7);
    expect(view.position[1]).toBeLessThan(2.2);
    // upright: the floor fills the bottom rows of the depth image and nothing is above the top rows
    const { PNG } = await import('pngjs');
    // 16-bit samples, four channels a pixel once read
    const depth = PNG.sync.read(readFileSync(join(out, 'depth.png')), { skipRescale: true } as never) as unknown as {
      data: Uint16Array;
      width: number;
      height: number;
    };
    const at = (x: number, y: number) => depth.data[(y * depth.width + x) * 4];
    const row = (y: number) => Array.from({ length: depth.width }, (_, x) => at(x, y));
    expect(row(depth.height - 1).every((d) => d > 0)).toBe(true);
    expect(row(0).filter((d) => d > 0).length).toBeLessThan(depth.width / 2);
  }, 120_000);

  it('a habitat object config opens its render asset in its frame, +Y up by default', async () => {
    const vase = join(BENCH!, 'replica_cad/objects/frl_apartment_vase_01.glb');
    const glb = await inspect(vase);
    // ReplicaCAD's object config fields, the render asset named from elsewhere
    const cfg = (name: string, o: object) => {
      const p = join(tmp, `${name}.object_config.json`);
      writeFileSync(
        p,
        JSON.stringify({ render_asset: vase, collision_asset: 'convex/x_cv_decomp.glb', mass: 1, friction_coefficient: 0.5, semantic_id: 31, ...o }),
      );
      return p;
    };
    const plain = await inspect(cfg('vase', {}));
    expect(plain.kind).toBe('habitat-object');
    expect(plain.textures.failed).toEqual([]);
    expect(plain.bounds_m).toEqual(glb.bounds_m);
    // declared +Z up, +Y front: the file's z extent becomes the height
    const zUp = await inspect(cfg('vase-z-up', { up: [0, 0, 1], front: [0, 1, 0], scale: [2, 2, 2] }));
    expect(zUp.bounds_m!.max[1] - zUp.bounds_m!.min[1]).toBeCloseTo(2 * (glb.bounds_m!.max[2] - glb.bounds_m!.min[2]), 3);
    const bad = await runMain('scene', 'inspect', cfg('no-asset', { render_asset: 7 }), '--json');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/no-asset\.object_config\.json[\s\S]*render_asset/);
  }, 60_000);

  it('navmeshes: version, tiles, polygons, area, settings as stored and as Recast builds with them', async () => {
    const v2 = await inspect(join(BENCH!, 'replica_cad/navmeshes/apt_0.navmesh'));
    expect(v2.navmesh).toMatchObject({ version: 2, tiles: 1 });
    expect(v2.navmesh!.area_m2).toBeGreaterThan(1);
    const s = v2.navmesh!.settings!;
    // habitat's units: region sizes are cells per side, squared by Recast; sample distances in cells
    expect(s.recast.minRegionArea).toBe(Math.trunc(Math.fround(s.file.regionMinSize * s.file.regionMinSize)));
    expect(s.recast.walkableRadius).toBe(Math.ceil(Math.fround(Math.fround(s.file.agentRadius) / Math.fround(s.file.cellSize))));
    expect(s.recast.detailSampleMaxError).toBeCloseTo(s.file.cellHeight * s.file.detailSampleMaxError, 6);
    const v1 = await inspect(join(BENCH!, 'habitat_test_scenes/van-gogh-room.navmesh'));
    expect(v1.navmesh).toMatchObject({ version: 1, settings: null });
    expect(v1.navmesh!.polygons).toBeGreaterThan(0);
  }, 60_000);

  it("--build-navmesh builds for the preset's agent and reports navmesh_build_ms", async () => {
    const j = await inspect(join(BENCH!, 'habitat_sim_test_assets/stage_floor1.glb'), '--build-navmesh', '--preset', 'goat-bench');
    expect(j.built_navmesh!.agent).toMatchObject({ height: 1.41, radius: 0.17 });
    expect(j.built_navmesh!.navmesh_build_ms).toBeGreaterThan(0);
    expect(j.built_navmesh!.polygons).toBeGreaterThan(0);
    // the sloped 40 × 40 m floor is mostly walkable
    expect(j.built_navmesh!.area_m2).toBeGreaterThan(800);
  }, 300_000);

  it('an undecodable texture is refused with exit 2 naming it, and opens grey with --allow-missing-textures', async () => {
    const bytes = new Uint8Array(readFileSync(join(BENCH!, 'replica_cad/objects/frl_apartment_monitor.glb')));
    const png = bytes.findIndex((b, i) => b === 0x89 && bytes[i + 1] === 0x50 && bytes[i + 2] === 0x4e && bytes[i + 3] === 0x47);
    expect(png).toBeGreaterThan(0);
    // break the IHDR chunk (its CRC no longer matches)
    bytes.fill(0xff, png + 16, png + 24);
    const broken = join(tmp, 'broken-texture.glb');
    writeFileSync(broken, bytes);
    const refused = await runMain('scene', 'inspect', broken, '--json');
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/scene '.*broken-texture\.glb': .*texture 'Image_0' \(image\/png, \d+ bytes\) cannot be decoded/);
    expect(refused.err).toContain('--allow-missing-textures');
    const grey = await inspect(broken, '--allow-missing-textures');
    expect(grey.textures.total).toBe(1);
    expect(grey.textures.decoded).toBe(0);
    expect(grey.textures.failed).toHaveLength(1);
    expect(grey.textures.failed[0].texture).toBe('Image_0');
    // the same refusal reaches a command that renders
    const render = await runMain('sim', 'render', '--house', broken, '--out', join(tmp, 'view'));
    expect(render.code).toBe(2);
    expect(render.err).toContain("texture 'Image_0'");
    // and a run, before its run directory exists
    const runOut = join(tmp, 'run');
    const run = await runMain('run', '--house', broken, '--agent', 'scripted', '--out', runOut);
    expect(run.code).toBe(2);
    expect(run.err).toContain("texture 'Image_0'");
    expect(existsSync(runOut)).toBe(false);
  }, 120_000);
});

describe('scene inspect refuses unusable files with exit 2', () => {
  it('a missing file, a navmesh that is not one, a stage config with bad axes, a dataset config without a scene', async () => {
    const missing = await runMain('scene', 'inspect', join(tmp, 'nothing.glb'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/nothing\.glb': the file does not exist\naccepted: seed:N/);
    const nav = join(tmp, 'bad.navmesh');
    writeFileSync(nav, new Uint8Array(64));
    const badNav = await runMain('scene', 'inspect', nav);
    expect(badNav.code).toBe(2);
    expect(badNav.err).toMatch(/bad\.navmesh.*does not start with the magic 'MSET'[\s\S]*accepted: a habitat-sim \.navmesh/);
    const glb = join(tmp, 'stage.glb');
    if (BENCH) copyFileSync(join(BENCH, 'habitat_test_scenes/simple_room.glb'), glb);
    const cfg = join(tmp, 'tilted.stage_config.json');
    writeFileSync(cfg, JSON.stringify({ render_asset: 'stage.glb', up: [0, 0, 1], front: [0, 0.5, 0.5] }));
    const tilted = await runMain('scene', 'inspect', cfg);
    expect(tilted.code).toBe(2);
    expect(tilted.err).toMatch(/tilted\.stage_config\.json.*must be perpendicular unit vectors/);
    const ds = join(tmp, 'x.scene_dataset_config.json');
    writeFileSync(ds, JSON.stringify({ stages: { paths: { '.glb': ['*.glb'] } } }));
    const noName = await runMain('scene', 'inspect', ds);
    expect(noName.code).toBe(2);
    expect(noName.err).toContain('X.scene_dataset_config.json#SCENE');
    const unknown = await runMain('scene', 'inspect', `${ds}#nowhere`);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/has no stage or scene instance named 'nowhere'; it holds: /);
  }, 60_000);
});
