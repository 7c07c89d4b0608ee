/**
 * Image goals recognised by appearance (view encoder), not by instance ids: in a seeded house the
 * matcher fires at the photograph's viewpoint and at no far, unrelated view, and the navigation agent
 * with the encoder detector asks get_goal for the photograph and sees the goal where it was taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simCameraPose } from '../../src/geometry/sim-frame.js';
import { transformPoint } from '../../src/geometry/pose.js';
import { World } from '../../src/world/world.js';
import { centreDepth, ImageGoalMatcher, IMAGE_GOAL_THRESHOLD } from '../../src/baselines/image-goal-matcher.js';
import { NavigationAgent } from '../../src/baselines/navigation-agent/agent.js';
import { EncoderGoals } from '../../src/baselines/navigation-agent/goal-detector.js';
import type { Message, ModelRequest, ToolCall } from '../../src/models/types.js';
import { ViewEncoder } from '../../src/perception/encoder.js';
import { Rng } from '../../src/sim/random.js';
import type { GoatGoal } from '../../src/sim/episodes/index.js';

type ImageGoal = Extract<GoatGoal, { type: 'image' }>;

let enc: ViewEncoder;
let world: World;
let goal: ImageGoal;
let photo: Uint8Array;

beforeAll(async () => {
  enc = await ViewEncoder.create();
  world = await World.open({ house: { kind: 'procedural', seed: 9 }, poseSource: 'ground-truth' });
  goal = world.goatSequence(1).goals.find((g): g is ImageGoal => g.type === 'image')!;
  photo = world.agentGoal(goal).image!;
});
afterAll(async () => {
  world?.dispose();
  await enc?.close();
});

function objectCentre(w: World, id: number): [number, number] {
  const o = w.scene.objects.find((q) => q.id === id)!;
  return [(o.min[0] + o.max[0]) / 2, (o.min[2] + o.max[2]) / 2];
}

describe('image goals matched with the view encoder', () => {
  it('fires near the photograph viewpoint, places the goal on the object, and stays silent at far views', async () => {
    const matcher = new ImageGoalMatcher(enc);
    expect(() => new ImageGoalMatcher(enc, 1.5)).toThrow(/threshold/);
    await expect(matcher.similarity(world.body.renderer.render(simCameraPose(goal.view.position, 0, world.body.cameraHeight)))).rejects.toThrow(/no goal/);
    await matcher.setGoalPng(photo);
    await expect(matcher.setGoalPng(new Uint8Array([1, 2, 3]))).rejects.toThrow(/PNG/);
    await matcher.setGoalPng(photo);

    // where the photographer stood, turned by 5° (the match is narrow: 0.1 m aside it can already
    // fall below the threshold when the object is close, see the calibration in the matcher)
    const p = goal.view.position;
    const nearPose = simCameraPose([p[0], p[1], p[2]], goal.view.yaw + (5 * Math.PI) / 180, world.body.cameraHeight);
    const near = world.body.renderer.render(nearPose);
    const s = await matcher.sighting(near);
    expect(s).not.toBeNull();
    expect(s!.similarity).toBeGreaterThanOrEqual(IMAGE_GOAL_THRESHOLD);
    // the view's centre lies on (or right by) the photographed object
    const hit = transformPoint(nearPose, [0, 0, s!.depth]);
    const [cx, cz] = objectCentre(world, goal.instanceIds[0]);
    expect(Math.hypot(hit[0] - cx, hit[2] - cz)).toBeLessThan(1.0);

    // views from spots at least 4 m from the object, any heading: none is a sighting
    const rng = new Rng(5);
    let far = 0,
      best = -1;
    for (let tries = 0; tries < 400 && far < 40; tries++) {
      const room = rng.pick(world.scene.rooms);
      const q = world.navmesh.snap([rng.range(room.x0, room.x1), world.scene.floors[room.floor].y, rng.range(room.z0, room.z1)], 0.3);
      if (!q || Math.hypot(q.point[0] - cx, q.point[2] - cz) < 4) continue;
      far++;
      const v = world.body.renderer.render(simCameraPose(q.point, rng.range(-Math.PI, Math.PI), world.body.cameraHeight));
      expect(await matcher.sighting(v)).toBeNull();
      best = Math.max(best, await matcher.similarity(v));
    }
    expect(far).toBe(40);
    expect(best).toBeLessThan(s!.similarity);
  });

  it('centre depth: the median of the central window, null when it is mostly unknown', () => {
    const depth = new Float32Array(100).fill(2);
    expect(centreDepth({ width: 10, height: 10, depth })).toBe(2);
    depth.fill(0);
    expect(centreDepth({ width: 10, height: 10, depth })).toBeNull();
  });

  it('the navigation agent with the encoder detector asks for the photograph, then sees the goal where it was taken and not from afar', async () => {
    const tools = ['step', 'get_goal', 'mark', 'close_task'].map((name) => ({ name, description: name, parameters: {} }));
    async function afterPhoto(start: { position: [number, number, number]; yaw: number }): Promise<{ calls: ToolCall[]; seen: boolean; label: string }> {
      const w = await World.open({ house: { kind: 'procedural', seed: 9 }, poseSource: 'ground-truth' }, start);
      try {
        const oracle = { navigator: w.navigator, goalInstanceIds: () => goal.instanceIds, goalLabel: () => 'the true category' };
        const goals = new EncoderGoals(oracle, new ImageGoalMatcher(enc));
        const agent = new NavigationAgent(oracle, goals);
        await w.navigator.observe();
        const messages: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'Task 1. Find the object in the goal photograph.' }] }];
        const req = (): ModelRequest => ({ system: '', messages, tools });
        const first = await agent.complete(req());
        messages.push(first.message);
        messages.push({
          role: 'tool',
          callId: first.message.toolCalls[0].id,
          name: 'get_goal',
          content: [
            { type: 'text', text: 'Find the object shown in this photograph.' },
            { type: 'image', png: photo },
          ],
        });
        const second = await agent.complete(req());
        return { calls: [...first.message.toolCalls, ...second.message.toolCalls], seen: (await goals.inView(w.navigator)) !== null, label: goals.label() };
      } finally {
        w.dispose();
      }
    }
    const at = goal.view.position;
    const near = await afterPhoto({ position: [at[0], at[1], at[2]], yaw: goal.view.yaw });
    expect(near.calls[0].name).toBe('get_goal');
    expect(near.seen).toBe(true);
    // the photographed object's true category never reaches what the agent writes
    expect(near.label).toBe('the object in the goal photograph');

    // from the far side of the house the same agent sees no match and moves on
    const [cx, cz] = objectCentre(world, goal.instanceIds[0]);
    const rng = new Rng(8);
    let farStart: [number, number, number] | null = null;
    for (let tries = 0; tries < 200 && !farStart; tries++) {
      const room = rng.pick(world.scene.rooms.filter((r) => r.floor === 0));
      const q = world.navmesh.snap([rng.range(room.x0, room.x1), world.scene.floors[0].y, rng.range(room.z0, room.z1)], 0.3);
      if (q && Math.hypot(q.point[0] - cx, q.point[2] - cz) > 5) farStart = [q.point[0], q.point[1], q.point[2]];
    }
    const far = await afterPhoto({ position: farStart!, yaw: goal.view.yaw });
    expect(far.calls[0].name).toBe('get_goal');
    expect(far.calls[1].name).toBe('step');
    expect(far.seen).toBe(false);
  });
});
