/** A simulated house with a body, for navigator and tool tests. */
import { generateHouse } from '../../src/sim/index.js';
import { SimBody } from '../../src/body/sim-body.js';
import { GroundTruthPoseSource } from '../../src/perception/ground-truth-pose-source.js';

export async function simWorld(seed = 7, opts: Parameters<typeof SimBody.create>[1] = {}) {
  const scene = generateHouse(seed);
  const body = await SimBody.create(scene, opts);
  // Ablation pose source: reads the simulator's pose (tests of the navigator itself only).
  const gt = new GroundTruthPoseSource(() => body.groundTruthPose());
  return { scene, body, gt };
}
