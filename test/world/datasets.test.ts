/**
 * The benchmark episode loaders: on the real files in ../shared/data/benchmarks (skipping, saying
 * why, without them) and on small files written here for what the real ones do not show (RxR-CE
 * roles and languages, IR2R-CE tours, GOAT's 55-word rule, refusals that name the field).
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { GOAT_VAL_UNSEEN, R2R_VAL_SEEN, skipReason } from '../../bench/support/shared-data.js';
import {
  type GoatBenchEpisode,
  type GoatBenchGoal,
  goatEpisodeOf,
  type GoatImageGoal,
  habitatHeading,
  inspectSplit,
  instanceIdOf,
  instructionEpisodeOf,
  loadGoatBenchSplit,
  loadIr2rTours,
  loadR2rSplit,
  loadRxrSplit,
  openBenchmarkPath,
  quaternionOfYaw,
  rotateByQuaternion,
  settingsOf,
  type VlnceEpisode,
} from '../../src/world/node.js';
import { agentGoalOf } from '../../src/world/agent-goal.js';
import { Renderer } from '../../src/sim/render/renderer.js';
import { type GoatGoal, parseEpisodeDataset } from '../../src/sim/episodes/schema.js';
import { squareRoom } from '../helpers/sim-scenes.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'nh-datasets-'));
  dirs.push(d);
  return d;
};
const gz = (path: string, data: unknown) => writeFileSync(path, gzipSync(JSON.stringify(data)));

describe('habitat frame', () => {
  it('a yaw-only quaternion becomes the heading whose forward is R·(0,0,−1)', () => {
    // R2R-CE val_seen episode 1: [0, 0.9659, 0, −0.2588] turns −z to (0.5, 0, 0.866): heading −150°
    const q = [-0, 0.9659258262890683, -0, -0.25881904510252063] as const;
    const f = rotateByQuaternion(q, [0, 0, -1]);
    expect(f[0]).toBeCloseTo(0.5, 6);
    expect(f[2]).toBeCloseTo(0.8660254, 6);
    expect((habitatHeading(q).yaw * 180) / Math.PI).toBeCloseTo(-150, 6);
    for (const yaw of [-3, -1, 0, 0.4, 2.5]) expect(habitatHeading(quaternionOfYaw(yaw)).yaw).toBeCloseTo(yaw, 9);
  });

  it('a pitched camera rotation keeps its pitch (GOAT image goals look down at objects)', () => {
    const pitch = -0.4,
      yaw = 1.1;
    // q = q_yaw · q_pitch (pitch about local x)
    const [a, b] = [yaw / 2, pitch / 2];
    const q = [Math.cos(a) * Math.sin(b), Math.sin(a) * Math.cos(b), -Math.sin(a) * Math.sin(b), Math.cos(a) * Math.cos(b)] as const;
    const h = habitatHeading(q);
    expect(h.yaw).toBeCloseTo(yaw, 9);
    expect(h.pitch).toBeCloseTo(pitch, 9);
  });
});

describe.skipIf(!R2R_VAL_SEEN)(`R2R-CE val_seen (real file${R2R_VAL_SEEN ? '' : `: ${skipReason('benchmarks/r2r_vlnce_v1-3_preprocessed/val_seen')}`})`, () => {
  it('loads 778 episodes, the vocabulary and a _gt reference for every episode, in the project frame', async () => {
    const s = await loadR2rSplit(R2R_VAL_SEEN!);
    expect(s.episodes).toHaveLength(778);
    expect(s.vocabulary?.length).toBeGreaterThan(2000);
    expect(s.episodes.every((e) => e.gt && e.gt.locations.length > 1)).toBe(true);
    const e = s.episodes.find((x) => x.id === '1')!;
    expect(e.scene).toBe('mp3d/s8pcmisQ38h/s8pcmisQ38h.glb');
    expect((e.start.yaw * 180) / Math.PI).toBeCloseTo(-150, 4);
    expect(e.geodesicDistance).toBeCloseTo(10.3919, 3);
    expect(e.goals).toHaveLength(1);
    // the dense reference starts at the episode start and ends near the goal (within the 3 m success radius)
    const gt = e.gt!.locations;
    expect(Math.hypot(gt[0][0] - e.start.position[0], gt[0][2] - e.start.position[2])).toBeLessThan(0.5);
    const end = gt[gt.length - 1];
    expect(Math.hypot(end[0] - e.goals[0][0], end[1] - e.goals[0][1], end[2] - e.goals[0][2])).toBeLessThan(3);
    const r = inspectSplit(s, null);
    expect(r.gt).toEqual({ files: [join(R2R_VAL_SEEN!, 'val_seen_gt.json.gz')], episodes_with_gt: 778, episodes_without_gt: 0 });
    expect(r.scenes).toBe(r.scene_files.length);
  });
});

describe.skipIf(!GOAT_VAL_UNSEEN)(
  `GOAT-Bench val_unseen (real file${GOAT_VAL_UNSEEN ? '' : `: ${skipReason('benchmarks/goat_bench_hm3d_v1/val_unseen')}`})`,
  () => {
    it('loads 10 episodes whose 78 tasks resolve to goals with view points; image goals keep HFOV and size', async () => {
      const s = await loadGoatBenchSplit(GOAT_VAL_UNSEEN!);
      expect(s.episodes).toHaveLength(10);
      expect(s.episodes.map((e) => e.id)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
      expect(s.episodes[0].scene).toBe('hm3d/val/00877-4ok3usBNeis/4ok3usBNeis.basis.glb');
      const tasks = s.episodes.flatMap((e) => e.subtasks);
      expect(tasks).toHaveLength(78);
      expect(tasks.every((t) => t.targets.length > 0 && t.targets.every((g) => g.viewPoints.length > 0))).toBe(true);
      const img = tasks.find((t) => t.kind === 'image');
      expect(img?.kind === 'image' && img.image.hfovDeg >= 60 && img.image.hfovDeg <= 120 && img.image.width === 512 && img.image.height === 512).toBe(true);
      // the first task of episode 0 is ['freezer', 'object', null]: every freezer instance is a target
      const first = s.episodes[0].subtasks[0];
      expect(first.kind).toBe('object');
      expect(first.targets.length).toBeGreaterThan(0);
      expect(first.targets.every((g) => g.objectId.startsWith(`${g.category}_`))).toBe(true);
      expect(first.targets.some((g) => g.category === 'freezer')).toBe(true);
      expect(inspectSplit(s, null).subtasks).toEqual({ object: 36, description: 22, image: 20, total: 78, dropped_descriptions: 0 });
    });
  },
);

/** A GOAT-Bench scene file with one goal of each kind; `desc` is the goal's lang_desc. */
function goatFile(desc: string, tasks: unknown[]) {
  const vp = (x: number) => ({ agent_state: { position: [x, 0, 1], rotation: [0, 0, 0, 1] }, iou: 0.5 });
  const goal = (cat: string, id: string, children: string[] = []) => ({
    object_category: cat,
    object_id: id,
    position: [1, 0.5, 1],
    view_points: [vp(1), vp(1.25)],
    children_object_categories: children,
    lang_desc: desc,
    image_goals: [{ position: [0, 1.3, 0], rotation: [0, 0, 0, 1], hfov: 79, image_dimensions: [480, 640], frame_coverage: 0.3, object_coverage: 0.8 }],
  });
  return {
    episodes: [{ episode_id: 7, scene_id: 'hm3d/val//00800-XYZ/XYZ.basis.glb', start_position: [0, 0, 0], start_rotation: [0, 0, 0, 1], tasks }],
    goals: { 'XYZ.basis.glb_chair': [goal('chair', 'chair_3', ['stool'])], 'XYZ.basis.glb_stool': [goal('stool', 'stool_9')] },
  };
}

describe('GOAT-Bench rules (files written here)', () => {
  it('drops description tasks over 55 words, adds child categories to object goals, reads [H, W] image sizes', async () => {
    const d = tmp();
    mkdirSync(join(d, 'val', 'content'), { recursive: true });
    const long = Array.from({ length: 56 }, (_, i) => `w${i}`).join(' ');
    gz(
      join(d, 'val', 'content', 'XYZ.json.gz'),
      goatFile(long, [
        ['chair', 'object', null],
        ['chair', 'description', 'chair_3'],
        ['chair', 'image', 'chair_3', 0],
      ]),
    );
    const s = await loadGoatBenchSplit(join(d, 'val'));
    const e = s.episodes[0];
    expect(e.id).toBe('0');
    expect(e.scene).toBe('hm3d/val/00800-XYZ/XYZ.basis.glb');
    expect(e.droppedDescriptions).toBe(1);
    expect(e.subtasks.map((t) => t.kind)).toEqual(['object', 'image']);
    expect(e.subtasks[0].targets.map((g) => g.objectId)).toEqual(['chair_3', 'stool_9']);
    const im = e.subtasks[1];
    expect(im.kind === 'image' && [im.image.width, im.image.height, im.image.hfovDeg]).toEqual([640, 480, 79]);
    const ok = Array.from({ length: 55 }, (_, i) => `w${i}`).join(' ');
    gz(join(d, 'val', 'content', 'XYZ.json.gz'), goatFile(ok, [['chair', 'description', 'chair_3']]));
    expect((await loadGoatBenchSplit(join(d, 'val'))).episodes[0].subtasks).toHaveLength(1);
  });

  it('refuses a task naming an unknown object or image, and a bad position, naming the field', async () => {
    const d = tmp();
    const f = join(d, 'a.json.gz');
    gz(f, goatFile('a chair', [['chair', 'description', 'chair_99']]));
    await expect(openBenchmarkPath(f)).rejects.toThrow(
      /episodes\[0\]\.tasks\[0\]: object 'chair_99' is not among the 'XYZ\.basis\.glb_chair' goals \(chair_3\)/,
    );
    gz(f, goatFile('a chair', [['chair', 'image', 'chair_3', 4]]));
    await expect(openBenchmarkPath(f)).rejects.toThrow(/image index 4 but goal 'chair_3' has 1 image_goals/);
    const bad = goatFile('a chair', [['chair', 'object', null]]);
    (bad.episodes[0] as { start_position: unknown }).start_position = [0, 'x', 0];
    gz(f, bad);
    await expect(openBenchmarkPath(f)).rejects.toThrow(/episodes\[0\]\.start_position\[1\]/);
  });
});

describe('RxR-CE and IR2R-CE (files written here)', () => {
  const ep = (id: number | string, extra: Record<string, unknown> = {}) => ({
    episode_id: id,
    trajectory_id: 4,
    scene_id: 'data/scene_datasets/mp3d/S/S.glb',
    start_position: [1, 0, 2],
    start_rotation: [0, 0, 0, 1],
    goals: [{ position: [3, 0, 2], radius: 3 }],
    reference_path: [
      [1, 0, 2],
      [3, 0, 2],
    ],
    ...extra,
  });

  it('reads both roles with languages and word timings; the missing _gt file is reported', async () => {
    const d = join(tmp(), 'val_unseen');
    mkdirSync(d);
    const instr = (lang: string) => ({
      instruction_text: 'go',
      instruction_id: 12,
      language: lang,
      annotator_id: 3,
      edit_distance: 0.1,
      timed_instruction: [{ word: 'go', start_time: 0.1, end_time: 0.4 }],
      instruction_tokens: ['go'],
    });
    gz(join(d, 'val_unseen_guide.json.gz'), { episodes: [ep(1, { instruction: instr('hi-IN') }), ep(2, { instruction: instr('en-US') })] });
    gz(join(d, 'val_unseen_follower.json.gz'), { episodes: [ep(3, { instruction: instr('te-IN') })] });
    gz(join(d, 'val_unseen_guide_gt.json.gz'), {
      1: {
        locations: [
          [1, 0, 2],
          [2, 0, 2],
        ],
        actions: [1, 0],
      },
    });
    const s = await loadRxrSplit(d);
    expect(s.episodes.map((e) => [e.id, e.instruction.role, e.instruction.language])).toEqual([
      ['1', 'guide', 'hi-IN'],
      ['2', 'guide', 'en-US'],
      ['3', 'follower', 'te-IN'],
    ]);
    expect(s.episodes[0].instruction.timed?.[0]).toEqual({ word: 'go', start_time: 0.1, end_time: 0.4 });
    expect(s.episodes[0].scene).toBe('mp3d/S/S.glb');
    const r = inspectSplit(await openBenchmarkPath(d), null);
    expect(r.benchmark).toBe('rxr-ce');
    expect(r.languages).toEqual({ 'hi-IN': 1, 'en-US': 1, 'te-IN': 1 });
    expect(r.roles).toEqual({ guide: 2, follower: 1 });
    expect(r.gt?.episodes_with_gt).toBe(1);
    expect(r.missing.some((m) => m.includes('val_unseen_follower_gt.json.gz'))).toBe(true);
  });

  it('orders IR2R-CE tours as the tours file says and names the episode ids the split lacks', async () => {
    const d = join(tmp(), 'val_seen');
    mkdirSync(d);
    gz(join(d, 'val_seen.json.gz'), {
      episodes: [1, 2, 3].map((i) => ep(i, { instruction: { instruction_text: `go ${i}`, instruction_tokens: [1] } })),
      instruction_vocab: { word_list: ['<PAD>', 'go'] },
    });
    const tours = join(d, '..', 'tours.json');
    writeFileSync(
      tours,
      JSON.stringify({
        val_seen: {
          S: [
            [3, 1],
            [2, 9],
          ],
        },
      }),
    );
    const t = await loadIr2rTours(tours, await loadR2rSplit(d));
    expect(t.map((x) => x.episodes.map((e) => e.id))).toEqual([['3', '1'], ['2']]);
    expect(t[1].missingEpisodes).toEqual(['9']);
    expect(t[0].episodes.every((e) => e.tourId === '0')).toBe(true);
  });

  it('refuses an R2R-CE file without instruction_vocab, naming it', async () => {
    const d = join(tmp(), 'val_seen');
    mkdirSync(d);
    gz(join(d, 'val_seen.json.gz'), { episodes: [ep(1, { instruction: { instruction_text: 'go' } })] });
    await expect(loadR2rSplit(d)).rejects.toThrow(/instruction_vocab/);
  });
});

describe('benchmark episodes → the project episodes', () => {
  const goal = (id: string): GoatBenchGoal => ({
    objectId: id,
    category: 'chair',
    position: [1, 0.5, 1],
    viewPoints: [
      [1, 0, 0.2],
      [1.25, 0, 0.2],
    ],
    description: 'a chair',
    images: [],
  });
  const image: GoatImageGoal = { position: [0.5, 1.5, -1], yaw: 0.7, pitch: -0.3, hfovDeg: 76, width: 512, height: 512 };
  const ep: GoatBenchEpisode = {
    id: '3',
    scene: 'hm3d/val/00800-X/X.basis.glb',
    start: { position: [0, 0, 0], yaw: 1 },
    droppedDescriptions: 0,
    file: 'x.json.gz',
    subtasks: [
      { kind: 'object', category: 'chair', targets: [goal('chair_4'), goal('chair_9')] },
      { kind: 'image', category: 'chair', image, imageIndex: 0, targets: [goal('chair_4')] },
    ],
  };
  const house = { kind: 'gltf' as const, path: '/scenes/hm3d/val/00800-X/X.basis.glb' };

  it('GOAT-Bench subtasks become goals with instance ids, view points and the goal camera kept', () => {
    const g = goatEpisodeOf(ep, house, squareRoom());
    expect(g.id).toBe('X.basis.glb-3');
    expect(g.goals[0]).toMatchObject({
      type: 'object',
      instanceIds: [4, 9],
      floor: 0,
      viewpoints: [
        [1, 0, 0.2],
        [1.25, 0, 0.2],
        [1, 0, 0.2],
        [1.25, 0, 0.2],
      ],
    });
    const im = g.goals[1];
    expect(im.type === 'image' && im.view).toEqual({ position: [0.5, 0, -1], yaw: 0.7 });
    expect(im.type === 'image' && im.camera).toEqual({ heightM: 1.5, pitch: -0.3, hfovDeg: 76, width: 512, height: 512 });
    expect(() => instanceIdOf('chair')).toThrow(/does not end in a positive instance number/);
  });

  it("the goal photograph is taken at the goal camera's height and pitch", async () => {
    const scene = squareRoom();
    const renderer = await Renderer.create(scene);
    try {
      const g = goatEpisodeOf(ep, house, scene).goals[1];
      const withCamera = agentGoalOf(g, renderer, 0.88).image!;
      const level = agentGoalOf({ ...g, camera: undefined } as GoatGoal, renderer, 0.88).image!;
      expect(Buffer.from(withCamera).equals(Buffer.from(level))).toBe(false);
      const same = agentGoalOf({ ...g, camera: undefined } as GoatGoal, renderer, 1.5).image!;
      expect(Buffer.from(same).equals(Buffer.from(level))).toBe(false);
    } finally {
      renderer.dispose();
    }
  });

  it("a VLN-CE episode takes the _gt path as its reference and the file's d0; an unreachable goal is refused", () => {
    const v: VlnceEpisode = {
      benchmark: 'r2r-ce',
      id: '5',
      trajectoryId: '2',
      tourId: null,
      scene: 'mp3d/S/S.glb',
      start: { position: [0, 0, 0], yaw: 0 },
      goals: [[4, 0, 0]],
      instruction: { text: 'go', tokens: null, language: null, role: null, instructionId: null, annotatorId: null, editDistance: null, timed: null },
      referencePath: [
        [0, 0, 0],
        [4, 0, 0],
      ],
      geodesicDistance: 4.2,
      gt: {
        locations: [
          [0, 0, 0],
          [1, 0, 0],
          [2, 0, 0],
          [4, 0, 0],
        ],
        actions: [1, 1, 0],
      },
    };
    const never = () => Infinity;
    const i = instructionEpisodeOf(v, { kind: 'procedural', seed: 1 }, never);
    expect(i.referencePath).toHaveLength(4);
    expect(i.geodesicDistance).toBe(4.2);
    expect(instructionEpisodeOf({ ...v, gt: null }, { kind: 'procedural', seed: 1 }, never).referencePath).toHaveLength(2);
    expect(instructionEpisodeOf({ ...v, geodesicDistance: null }, { kind: 'procedural', seed: 1 }, () => 3.5).geodesicDistance).toBe(3.5);
    expect(() => instructionEpisodeOf({ ...v, geodesicDistance: null }, { kind: 'procedural', seed: 1 }, never)).toThrow(/not reachable/);
  });
});

describe.skipIf(!R2R_VAL_SEEN || !GOAT_VAL_UNSEEN)(
  `the real files convert into valid project episodes${R2R_VAL_SEEN && GOAT_VAL_UNSEEN ? '' : ` (${skipReason('benchmarks/')})`}`,
  () => {
    it('all 778 R2R-CE episodes and all 10 GOAT-Bench episodes pass the project episode schema', async () => {
      const r2r = await loadR2rSplit(R2R_VAL_SEEN!);
      const house = { kind: 'gltf' as const, path: '/scenes/x.glb' };
      const instr = r2r.episodes.map((e) => instructionEpisodeOf(e, house, () => Infinity));
      expect(parseEpisodeDataset({ version: 1, kind: 'instruction', seed: 0, episodes: instr }).episodes).toHaveLength(778);
      // nDTW's reference is the dense _gt path (0.25 m steps), not the sparse nav-graph path
      expect(instr.every((e, i) => e.referencePath.length === r2r.episodes[i].gt!.locations.length)).toBe(true);
      const goat = await loadGoatBenchSplit(GOAT_VAL_UNSEEN!);
      const eps = goat.episodes.map((e) => goatEpisodeOf(e, house, squareRoom()));
      const parsed = parseEpisodeDataset({ version: 1, kind: 'goat', seed: 0, episodes: eps });
      const goals = parsed.kind === 'goat' ? parsed.episodes.flatMap((e) => e.goals) : [];
      expect(goals).toHaveLength(78);
      const images = goals.filter((g) => g.type === 'image');
      expect(images).toHaveLength(20);
      // the stand-in scene's floor is not HM3D's, so only the recorded camera is checked here
      expect(
        images.every((g) => g.type === 'image' && g.camera !== undefined && g.camera.hfovDeg >= 60 && g.camera.width === 512 && g.camera.height === 512),
      ).toBe(true);
    });
  },
);

describe('benchmark presets', () => {
  it("record each benchmark's sensor and actions beside the body's, scored with the benchmark's success rule", () => {
    const r2r = settingsOf('r2r-ce');
    expect(r2r.benchmark).toMatchObject({ cameraHeightM: 1.25, hfovDeg: 90, forwardM: 0.25, turnDeg: 15, maxSteps: 500, successDistanceM: 3 });
    expect(r2r.run).toMatchObject({
      cameraHeightM: 0.88,
      hfovDeg: 79,
      width: 320,
      height: 240,
      forwardM: 0.25,
      turnDeg: 15,
      successDistanceM: 3,
      successTo: 'goal',
    });
    const goat = settingsOf('goat-bench');
    expect(goat.benchmark).toMatchObject({ agentHeightM: 1.41, agentRadiusM: 0.17, hfovDeg: 42, width: 360, height: 640, turnDeg: 30, maxSteps: 5000 });
    expect(goat.run).toMatchObject({ successDistanceM: 0.25, successTo: 'view-points' });
    expect(settingsOf('rxr-ce').benchmark).toMatchObject({ cameraHeightM: 0.88, hfovDeg: 79, turnDeg: 30, tiltDeg: 30, sliding: false });
  });
});

describe('instance ids', () => {
  it('a scene that numbers GOAT objects its own way (HM3D semantic ids) is honoured', () => {
    const ep: GoatBenchEpisode = {
      id: '0',
      scene: 's.glb',
      start: { position: [0, 0, 0], yaw: 0 },
      droppedDescriptions: 0,
      file: 'f',
      subtasks: [
        {
          kind: 'object',
          category: 'sofa',
          targets: [{ objectId: 'sofa_608', category: 'sofa', position: [1, 0, 1], viewPoints: [[1, 0, 0]], description: null, images: [] }],
        },
      ],
    };
    const house = { kind: 'gltf' as const, path: 's.glb' };
    expect(goatEpisodeOf(ep, house, squareRoom()).goals[0].instanceIds).toEqual([608]);
    expect(goatEpisodeOf(ep, house, squareRoom(), (id) => (id === 'sofa_608' ? 12 : 0)).goals[0].instanceIds).toEqual([12]);
  });
});
