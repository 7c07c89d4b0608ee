/**
 * Exploration runs shared by benchmarks: the scripted agent with no goal in view explores a house by
 * frontiers for a fixed number of coarse actions, through the ordinary tools.
 */
import type { PoseSourceKind } from '../src/world/pose-sources.js';
import { World } from '../src/world/world.js';
import { ScriptedNavigationAgent } from '../src/baselines/navigation-agent/agent.js';
import { createToolContext } from '../src/tools/index.js';
import { runTask } from '../test/helpers/mini-loop.js';

/** `onOpen` sees the world before the first action (e.g. to record frames for evaluation). */
export async function explore(seed: number, poseSource: PoseSourceKind, actions: number, onOpen?: (world: World) => void): Promise<{ world: World; firstCameraSim: Float64Array; floorY: number }> {
  const world = await World.open({ house: { kind: 'procedural', seed }, poseSource });
  onOpen?.(world);
  const firstCameraSim = world.body.simCameraPose();
  const floorY = world.body.simPose.position[1];
  const agent = new ScriptedNavigationAgent({ navigator: world.navigator, goalInstanceIds: () => [], goalLabel: () => 'nothing (exploration)' });
  const ctx = createToolContext(world.navigator, { kind: 'object', text: 'exploration' }, actions);
  await runTask(agent, ctx, 'Explore the house.', actions * 3);
  return { world, firstCameraSim, floorY };
}
