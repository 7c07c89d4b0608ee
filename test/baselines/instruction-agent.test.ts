/**
 * The offline instruction actor (IR2R-CE tours through the harness) uses what a handover it read
 * carries: a clause naming a landmark the handover says was reached at a marked place, out of view,
 * is driven to that place; without the handover the same clause starts by looking around.
 */
import { describe, expect, it } from 'vitest';
import { ScriptedInstructionAgent } from '../../src/baselines/vln/instruction-agent.js';
import { GroundTruthPerception } from '../../src/baselines/vln/perception.js';
import type { Message, ModelRequest } from '../../src/models/index.js';
import { text } from '../../src/models/index.js';
import { openEpisodeWorld } from '../../src/world/index.js';
import { smallEpisodes } from '../vln/helpers.js';

const TOOLS = ['step', 'mark', 'read_file', 'write_file', 'close_task'].map((name) => ({ name, description: name, parameters: {} }));
// a landmark no house has: never in view, so only the handover can say where it is
const OPENING = [
  'Task 2. Goal: follow this route instruction and close the task where it ends: Walk past the purple unicorn. Stop in the kitchen.',
  'Read these files before moving:\n- tasks/task-001/handover.md',
  'Your task handover goes to tasks/task-002/handover.md; write it before calling close_task. Budget: 300 steps and 60 model turns.',
].join('\n\n');

function request(handover: string | null): ModelRequest {
  const messages: Message[] = [{ role: 'user', content: [text(OPENING)] }];
  if (handover !== null) {
    messages.push({
      role: 'assistant',
      text: '',
      toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'tasks/task-001/handover.md' }, rawArguments: '{}' }],
    });
    messages.push({ role: 'tool', callId: 'r1', name: 'read_file', isError: false, content: [text(handover)] });
  }
  return { system: 'brief', messages, tools: TOOLS } as unknown as ModelRequest;
}

describe('ScriptedInstructionAgent', () => {
  it('drives to the place a read handover names for an out-of-view landmark, and looks around without it', async () => {
    const [ep] = await smallEpisodes(1, 11);
    const world = await openEpisodeWorld(ep);
    try {
      const nav = world.navigator;
      await nav.observe();
      const place = nav.mark('by the purple unicorn');
      expect(place).not.toBeNull();
      // away from the place and back facing it, on the map the walk made
      const around = Array.from({ length: 12 }, () => 'left' as const);
      await nav.act(around);
      await nav.act(['forward', 'forward', 'forward', 'forward', 'forward', 'forward']);
      await nav.act(around);
      const at = nav.planar()!;
      expect(Math.hypot(at.x - place!.pose.x, at.z - place!.pose.z)).toBeGreaterThan(1);
      const see = new GroundTruthPerception(world.scene, nav);
      const withMemory = await new ScriptedInstructionAgent(see).complete(
        request('Goal: follow the instruction of 2 clauses.\nReached purple unicorn at place "by the purple unicorn".'),
      );
      const route = nav.plan({ x: place!.pose.x, z: place!.pose.z });
      expect(route.status).toBe('ok');
      const acts = withMemory.message.toolCalls.find((c) => c.name === 'step')?.arguments as { actions: string[] };
      expect(acts.actions).toContain('forward');
      const without = await new ScriptedInstructionAgent(see).complete(request('Goal: follow the instruction of 3 clauses.'));
      expect((without.message.toolCalls.find((c) => c.name === 'step')?.arguments as { actions: string[] }).actions).toEqual(['left', 'left', 'left']);
    } finally {
      world.dispose();
    }
  }, 300_000);
});
