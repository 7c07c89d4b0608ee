/**
 * Exploration runs shared by benchmarks (a helper, not a suite): the navigation agent with no goal in
 * view explores a house for a fixed number of coarse actions, through the ordinary tools
 * and the harness session loop. The hop runs past a spent step budget so that the agent closes on its
 * own (mark, close_task), as the benches measured it.
 */
import type { PoseSourceKind } from '../../src/world/pose-sources.js';
import { World } from '../../src/world/world.js';
import type { MotionPrior } from '../../src/navigator/motion-prior.js';
import { NavigationAgent } from '../../src/baselines/navigation-agent/agent.js';
import { Session } from '../../src/harness/session.js';
import { text } from '../../src/models/types.js';
import { ALL_TOOLS, createToolContext } from '../../src/tools/index.js';

/** `onOpen` sees the world before the first action (e.g. to record frames for evaluation). */
export async function explore(
  seed: number,
  poseSource: PoseSourceKind,
  actions: number,
  onOpen?: (world: World) => void | Promise<void>,
  motionPrior?: MotionPrior,
): Promise<{ world: World; firstCameraSim: Float64Array; floorY: number }> {
  const world = await World.open({ house: { kind: 'procedural', seed }, poseSource, motionPrior });
  await onOpen?.(world);
  const firstCameraSim = world.body.simCameraPose();
  const floorY = world.body.simPose.position[1];
  const agent = new NavigationAgent({ navigator: world.navigator, goalInstanceIds: () => [], goalLabel: () => 'nothing (exploration)' });
  const ctx = createToolContext(world.navigator, { kind: 'object', text: 'exploration' }, actions);
  const session = new Session('explore', agent, 'test', ALL_TOOLS);
  session.say(text('Explore the house.'));
  await session.hop(ctx, { maxTurns: actions * 3, budget: null, endWhenStepsSpent: false });
  return { world, firstCameraSim, floorY };
}
