/** The pieces under the MCP server: content mapping, the task's start, flag validation, the episode. */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerMcp } from '../../src/commands/mcp.js';
import { Episode, toMcpResult } from '../../src/mcp/index.js';
import { goalReached } from '../../src/eval/goat.js';
import { taskStart } from '../../src/world/goat-plan.js';
import type { GoatEpisode } from '../../src/sim/episodes/schema.js';
import type { Vec3 } from '../../src/geometry/pose.js';

describe('toMcpResult', () => {
  it('turns PNG bytes into a base64 image block and keeps text separate', () => {
    const backing = new Uint8Array([0, 0, 137, 80, 78, 71, 13, 10, 26, 10, 7, 7]);
    const png = backing.subarray(2, 10); // a view with an offset, as the renderers hand out
    const r = toMcpResult({
      content: [
        { type: 'text', text: 'view' },
        { type: 'image', png },
      ],
    });
    expect(r.isError).toBeUndefined();
    expect(r.content[0]).toEqual({ type: 'text', text: 'view' });
    const img = r.content[1] as { type: string; data: string; mimeType: string };
    expect(img.type).toBe('image');
    expect(img.mimeType).toBe('image/png');
    expect([...Buffer.from(img.data, 'base64')]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  });

  it('keeps the error flag', () => {
    expect(toMcpResult({ content: [{ type: 'text', text: 'no' }], isError: true }).isError).toBe(true);
  });
});

describe('taskStart', () => {
  const euclid = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[2] - b[2]);
  const goal = (viewpoints: Vec3[]) => ({ type: 'object' as const, category: 'bed', instanceIds: [1], floor: 0, viewpoints, successRadius: 1 });
  const seq: GoatEpisode = {
    id: 's',
    kind: 'goat',
    house: { kind: 'procedural', seed: 1 },
    start: { position: [0, 0, 0], yaw: 0.5 },
    goals: [
      goal([
        [10, 0, 0],
        [2, 0, 0],
      ]),
      goal([
        [2, 0, 9],
        [2, 0, 3],
      ]),
      goal([[0, 0, 0]]),
    ],
  };
  it('starts task 0 at the sequence start', () => {
    expect(taskStart(seq, 0, euclid)).toEqual({ position: [0, 0, 0], yaw: 0.5 });
  });
  it('chains later tasks through the nearest success viewpoint of each earlier goal', () => {
    expect(taskStart(seq, 1, euclid).position).toEqual([2, 0, 0]);
    expect(taskStart(seq, 2, euclid).position).toEqual([2, 0, 3]);
  });
});

describe('navharness mcp flags', () => {
  const run = (...args: string[]) => {
    const p = new Command('navharness').exitOverride();
    registerMcp(p);
    return p.parseAsync(['node', 'navharness', 'mcp', ...args]);
  };
  it.each([
    [['--house', 'house7'], /--house: .*seed:N/],
    [['--house', '/no/such/house.glb'], /--house: the scene file was not found/],
    [['--house', 'seed:7', '--pose', 'lidar'], /--pose: expected one of slam, ground-truth/],
    [['--house', 'seed:7', '--http', '70000'], /--http: expected a whole number from 0 to 65535.*got '70000'/],
    [['--house', 'seed:7', '--steps', '-3'], /--steps: expected a whole number from 1/],
    [['--house', 'seed:7', '--task', '2.5'], /--task: expected a whole number from 0 to 19/],
    [['--house', 'seed:7', '--sequence', 'abc'], /--sequence: expected a whole number/],
  ])('%j is refused, naming the flag and what is accepted', async (args, message) => {
    await expect(run(...args)).rejects.toThrow(message);
  });
});

describe('Episode', () => {
  it('refuses a task index beyond the sequence, saying how many goals there are', async () => {
    await expect(Episode.open({ house: { kind: 'procedural', seed: 7 }, poseSource: 'ground-truth', steps: 10, sequence: 0, task: 19 })).rejects.toThrow(
      /task 19 does not exist: GOAT sequence 0 in seed:7 has \d+ goals \(tasks 0 to \d+\)/,
    );
  });

  it('runs concurrent calls one after another, and refuses calls once closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nh-mcp-ep-'));
    const e = await Episode.open({ house: { kind: 'procedural', seed: 7 }, poseSource: 'ground-truth', steps: 10, sequence: 0, task: 1, workspace: dir });
    try {
      // one episode per workspace at a time (issue 19 item 1): a second one is refused, naming the holder
      await expect(
        Episode.open({ house: { kind: 'procedural', seed: 7 }, poseSource: 'ground-truth', steps: 10, sequence: 0, task: 1, workspace: dir }),
      ).rejects.toThrow(/in use by another navharness MCP episode \(pid \d+/);
      // the body starts at the chained start of task 1 (a success viewpoint of goal 0), not the house start
      const at = e.world.body.simPose;
      expect(Math.hypot(at.position[0] - e.info.start.position[0], at.position[2] - e.info.start.position[2])).toBeLessThan(0.05);
      expect(Math.hypot(at.position[0] - e.world.scene.start.position[0], at.position[2] - e.world.scene.start.position[2])).toBeGreaterThan(0.5);
      // record when each motion starts and ends: serialised calls never overlap
      const nav = e.world.navigator;
      const act = nav.act.bind(nav);
      const events: string[] = [];
      nav.act = async (...a: Parameters<typeof act>) => {
        events.push('start');
        try {
          return await act(...a);
        } finally {
          events.push('end');
        }
      };
      const results = await Promise.all([e.call('step', { actions: ['left'] }), e.call('step', { actions: ['left'] }), e.call('step', { actions: ['left'] })]);
      const used = results.map((r) => Number(/Steps used (\d+)/.exec(r.content[0].type === 'text' ? r.content[0].text : '')?.[1]));
      expect(used).toEqual([1, 2, 3]);
      expect(e.ctx.budget.used).toBe(3);
      expect(events).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);

      // the operator's evaluation: a success viewpoint of the goal passes, and success agrees with the distance
      const here = goalReached(e.world.scene, e.info.goal, e.finalPosition());
      expect(here.success).toBe((here.distance ?? Infinity) <= e.info.goal.successRadius + 1e-9 ? 1 : 0);
      e.world.body.teleport({ position: e.info.goal.viewpoints[0], yaw: 0 });
      const there = goalReached(e.world.scene, e.info.goal, e.finalPosition());
      expect(there.success).toBe(1);
      expect(there.distance).toBeLessThanOrEqual(e.info.goal.successRadius);
    } finally {
      await e.close();
    }
    expect(existsSync(join(dir, '.navharness', 'lock'))).toBe(false); // closing gives the workspace back
    const late = await e.call('observe', {});
    expect(late.isError).toBe(true);
    expect(late.content[0]).toMatchObject({ text: expect.stringMatching(/episode has ended/) });
  });
});
