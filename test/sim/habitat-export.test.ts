/**
 * `sim export --format habitat` on one procedural house, then back in through `loadHabitatScene`:
 * the stage GLB passes the Khronos glTF validator, the version-2 `.navmesh` gives the simulator's own
 * geodesic distances, the reloaded stage renders the view the procedural house renders, and the
 * episode files have the published formats' fields. One export (house seed 7) serves every check.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { simCameraPose, type Vec3 } from '../../src/geometry/index.js';
import { generateHouse, Renderer, SceneNavMesh, type Scene } from '../../src/sim/index.js';
import { GOAT_AGENT, type HabitatScene, loadHabitatScene, parseHabitatNavMesh, sceneIdsBySemanticId } from '../../src/sim/node.js';
import { registerSim } from '../../src/commands/sim.js';
import { UsageError } from '../../src/commands/usage.js';
import { runProgram } from '../helpers/run-program.js';

const sim = (args: string[]) => runProgram([registerSim], args);

const SEED = 7;
const STEM = `house_${SEED}`;
let dir = '';
let loaded: HabitatScene;
let house: Scene;
let own: SceneNavMesh;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'habitat-export-'));
  await sim(['sim', 'export', '--house', `seed:${SEED}`, '--format', 'habitat', '--out', dir, '--goat-episodes', '2', '--r2r-episodes', '2', '--split', 'val']);
  loaded = await loadHabitatScene({ stage: join(dir, 'scene_datasets/navharness', STEM, `${STEM}.stage_config.json`) });
  house = generateHouse(SEED);
  own = await SceneNavMesh.build(house);
}, 120_000);

const gz = (rel: string) => JSON.parse(gunzipSync(readFileSync(join(dir, rel))).toString('utf8'));

describe('sim export --format habitat', () => {
  it('writes a stage GLB and a semantic GLB that the Khronos glTF validator passes with no errors or warnings', async () => {
    const { validateBytes } = await import('gltf-validator');
    for (const name of [`${STEM}.glb`, `${STEM}.semantic.glb`]) {
      const report = await validateBytes(new Uint8Array(readFileSync(join(dir, 'scene_datasets/navharness', STEM, name))), { maxIssues: 100 });
      expect(report.issues.messages.filter((m) => m.severity <= 1)).toEqual([]);
      expect(report.issues.numErrors).toBe(0);
    }
  });

  it("writes HM3D-style annotations that load back as the house's own objects", () => {
    expect(loaded.semantic).toHaveLength(house.objects.length);
    const ids = sceneIdsBySemanticId(loaded.semantic!);
    for (const o of house.objects) expect(loaded.scene.objects[ids.get(o.id)! - 1].category).toBe(o.category);
  });

  it('writes a version-2 .navmesh with the settings it was built with, loaded back for the stage', () => {
    const nav = parseHabitatNavMesh(new Uint8Array(readFileSync(join(dir, 'scene_datasets/navharness', STEM, `${STEM}.navmesh`))));
    expect(nav.version).toBe(2);
    expect(nav.settings).toMatchObject({ agentHeight: expect.closeTo(own.agent.height, 5), agentRadius: expect.closeTo(own.agent.radius, 5), vertsPerPoly: 6 });
    expect(loaded.navSource).toMatchObject({ kind: 'file', version: 2 });
  });

  it('gives geodesic distances equal to the simulator navmesh within 1 cm', () => {
    const goals = house.objects.filter((o) => o.goal);
    const pts: Vec3[] = goals
      .map((o) => own.snap([(o.min[0] + o.max[0]) / 2, house.floors[o.floor].y, (o.min[2] + o.max[2]) / 2], 1.5)?.point)
      .filter((p): p is Vec3 => !!p);
    expect(pts.length).toBeGreaterThan(10);
    let finite = 0;
    for (let i = 0; i + 1 < pts.length; i += 2) {
      const a = own.geodesic(pts[i], pts[i + 1]),
        b = loaded.nav.geodesic(pts[i], pts[i + 1]);
      if (Number.isFinite(a)) {
        finite++;
        expect(Math.abs(a - b)).toBeLessThan(0.01);
      } else expect(b).toBe(Infinity);
    }
    expect(finite).toBeGreaterThan(3);
  });

  it("rebuilt from the stage with GOAT-Bench's agent (as GOAT does), gives the distances of the house itself", async () => {
    const [a, b] = await Promise.all([SceneNavMesh.build(house, GOAT_AGENT), SceneNavMesh.build(loaded.scene, GOAT_AGENT)]);
    const pts = house.objects
      .filter((o) => o.goal)
      .map((o) => a.snap([(o.min[0] + o.max[0]) / 2, house.floors[o.floor].y, (o.min[2] + o.max[2]) / 2], 1.5)?.point)
      .filter((p): p is Vec3 => !!p);
    let finite = 0;
    for (let i = 0; i + 1 < pts.length; i += 2) {
      const da = a.geodesic(pts[i], pts[i + 1]),
        db = b.geodesic(pts[i], pts[i + 1]);
      if (Number.isFinite(da)) {
        finite++;
        expect(Math.abs(da - db)).toBeLessThan(0.01);
      } else expect(db).toBe(Infinity);
    }
    expect(finite).toBeGreaterThan(3);
    a.destroy();
    b.destroy();
  });

  it('loads back upright (the +Z-up stage rotated into the y-up world) and renders the same view', async () => {
    for (let a = 0; a < 3; a++) {
      expect(loaded.scene.min[a]).toBeCloseTo(house.min[a], 3);
      expect(loaded.scene.max[a]).toBeCloseTo(house.max[a], 3);
    }
    const cam = { width: 96, height: 72 };
    const r1 = await Renderer.create(house, cam),
      r2 = await Renderer.create(loaded.scene, cam);
    const pose = simCameraPose(house.start.position, house.start.yaw, r1.camera.cameraHeight);
    const f1 = r1.render(pose),
      rgb1 = f1.rgb.slice(),
      d1 = f1.depth.slice(),
      ids1 = f1.ids.slice();
    const f2 = r2.render(pose);
    const ids = sceneIdsBySemanticId(loaded.semantic!);
    let same = 0,
      depthOk = 0,
      idsSame = 0;
    for (let i = 0; i < cam.width * cam.height; i++) {
      if (Math.abs(d1[i] - f2.depth[i]) < 0.02) depthOk++;
      // instance ids through the annotations: the ground truth an offline agent perceives
      if (ids1[i] === 0 ? f2.ids[i] === 0 : ids.get(ids1[i]) === f2.ids[i]) idsSame++;
      if ([0, 1, 2].every((c) => Math.abs(rgb1[i * 3 + c] - f2.rgb[i * 3 + c]) <= 3)) same++;
    }
    r1.dispose();
    r2.dispose();
    const n = cam.width * cam.height;
    // the stage carries the same triangles, texels and (as vertex colours) shading: the same image
    expect(depthOk / n).toBeGreaterThan(0.999);
    expect(same / n).toBeGreaterThan(0.999);
    expect(idsSame / n).toBeGreaterThan(0.99);
  });

  it('writes GOAT-Bench and R2R-CE episodes in the published layouts', () => {
    const goat = gz(`datasets/goat_bench/navharness/val/content/${STEM}.json.gz`);
    expect(goat.episodes).toHaveLength(2);
    const ep = goat.episodes[0];
    expect(ep.scene_id).toBe(`navharness/${STEM}/${STEM}.glb`);
    expect(ep.start_rotation[0]).toBe(0);
    for (const t of ep.tasks) {
      expect(goat.goals[`${STEM}.glb_${t[0]}`]?.length).toBeGreaterThan(0);
      if (t[1] !== 'object') expect(goat.goals[`${STEM}.glb_${t[0]}`].some((g: { object_id: string }) => g.object_id === t[2])).toBe(true);
      if (t[1] === 'image')
        expect(goat.goals[`${STEM}.glb_${t[0]}`].find((g: { object_id: string }) => g.object_id === t[2]).image_goals[t[3]].hfov).toBeGreaterThan(0);
    }
    // view points sit on the exported navmesh, so a Habitat agent can stand on them
    const vp = Object.values(goat.goals as Record<string, Array<{ view_points: Array<{ agent_state: { position: Vec3 } }> }>>)[0][0].view_points[0].agent_state
      .position;
    expect(loaded.nav.snap(vp, 0.05)).not.toBeNull();

    const r2r = gz('datasets/r2r_vlnce/navharness/val/val.json.gz');
    const gt = gz('datasets/r2r_vlnce/navharness/val/val_gt.json.gz');
    expect(r2r.instruction_vocab.word_list.slice(0, 2)).toEqual(['<pad>', '<unk>']);
    for (const e of r2r.episodes) {
      const words = e.instruction.instruction_text.toLowerCase().match(/[a-z0-9]+/g);
      expect(r2r.instruction_vocab.itos[e.instruction.instruction_tokens[0]]).toBe(words[0]);
      const g = gt[String(e.episode_id)];
      expect(g.actions.at(-1)).toBe(0);
      expect(g.locations).toHaveLength(g.forward_steps + 1);
      const end = g.locations.at(-1),
        goal = e.goals[0].position;
      expect(Math.hypot(end[0] - goal[0], end[2] - goal[2])).toBeLessThan(0.25);
      // 0.25 m steps along the shortest path: the step count matches the geodesic distance
      expect(g.forward_steps * 0.25).toBeGreaterThan(e.info.geodesic_distance - 0.3);
      expect(g.forward_steps * 0.25).toBeLessThan(e.info.geodesic_distance * 1.15 + 0.5);
    }
  });

  it('refuses a scene file, an unknown format and a bad count, naming the flag (exit 2)', async () => {
    await expect(sim(['sim', 'export', '--house', 'room.glb', '--out', dir])).rejects.toThrow(/--house: only procedural houses/);
    await expect(sim(['sim', 'export', '--house', 'seed:1', '--format', 'obj', '--out', dir])).rejects.toThrow(/--format must be 'habitat'/);
    await expect(sim(['sim', 'export', '--house', 'seed:1', '--goat-episodes', 'many', '--out', dir])).rejects.toThrow(UsageError);
    await expect(sim(['sim', 'export', '--house', 'seed:1', '--r2r-episodes', '-1', '--out', dir])).rejects.toThrow(/--r2r-episodes must be at least 0/);
  });
});
