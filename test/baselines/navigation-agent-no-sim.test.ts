/**
 * Issue 14: the navigation agent's one privileged input is which instance ids of the current view
 * satisfy the goal. It never reads the simulator's poses, navmesh, object positions or true map:
 * (1) none of its files imports the simulator or the world; (2) with every simulator pose accessor
 * returning nonsense, it makes exactly the same calls (SLAM poses, as the navigator's own test).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NavigationAgent } from '../../src/baselines/navigation-agent/agent.js';
import { World } from '../../src/world/world.js';
import type { CoarseAction } from '../../src/navigator/actions.js';
import { text, type Message, type StatedFacts, type ToolDefinition } from '../../src/models/types.js';

const DIR = 'src/baselines/navigation-agent';
const TOOLS: ToolDefinition[] = ['step', 'mark', 'write_file', 'close_task'].map((name) => ({ name, description: '', parameters: {} }));

async function play(perturb: boolean): Promise<string[]> {
  const world = await World.open({ house: { kind: 'procedural', seed: 7 }, poseSource: 'slam' });
  if (perturb) {
    const body = world.body as unknown as Record<string, unknown>;
    body.groundTruthPose = () => {
      const m = new Float64Array(16);
      m[0] = m[5] = m[10] = m[15] = 1;
      m[3] = 1e3 * Math.random();
      return m;
    };
    Object.defineProperty(body, 'simPose', { get: () => ({ position: [Math.random() * 100, 0, 0], yaw: Math.random() }) });
  }
  const nav = world.navigator;
  // a goal id that is nowhere in the house: the agent explores
  const agent = new NavigationAgent({ navigator: nav, goalInstanceIds: () => [987654], goalLabel: () => 'unicorn' });
  const messages: Message[] = [
    { role: 'user', content: [text('Task 1. Goal: find unicorn.\n\nBudget: 500 steps and 60 model turns.')], facts: { budget: { steps: 500, turns: 60 } } },
  ];
  const calls: string[] = [];
  let used = 0;
  for (let i = 0; i < 8; i++) {
    const res = await agent.complete({ system: '', messages: [...messages], tools: TOOLS });
    messages.push(res.message);
    for (const call of res.message.toolCalls) {
      calls.push(`${call.name} ${call.rawArguments}`);
      let out = 'ok';
      let facts: StatedFacts | undefined;
      if (call.name === 'step') {
        const rec = await nav.act((call.arguments as { actions: CoarseAction[] }).actions);
        used += rec.executed.length;
        out = `Executed ${rec.executed.length}.${rec.collisions.length ? ' Collision during action 1.' : ''} Steps used ${used} of 500.`;
        facts = { steps: { used, limit: 500 }, step: { executed: rec.executed, collisions: rec.collisions.length, ended: false } };
      }
      messages.push({ role: 'tool', callId: call.id, name: call.name, content: [text(out)], ...(facts && { facts }) });
    }
  }
  world.dispose();
  return calls;
}

describe('the navigation agent never reads the simulator', () => {
  it('imports nothing of the simulator or the world', () => {
    for (const f of readdirSync(DIR)) {
      const src = readFileSync(join(DIR, f), 'utf8');
      expect(src, f).not.toMatch(/from '\.\.\/\.\.\/(sim|world)\//);
      expect(src, f).not.toMatch(/harness\/world|navmesh|groundTruthPose|simPose/);
    }
  });

  it('perturbing every simulator pose accessor changes none of its calls (SLAM poses)', async () => {
    const a = await play(false);
    const b = await play(true);
    expect(a.length).toBeGreaterThan(0);
    expect(a.some((c) => c.startsWith('step'))).toBe(true);
    expect(b).toEqual(a);
  }, 300_000);
});
