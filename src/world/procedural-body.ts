/**
 * The simulated body in a procedural house, for the browser demo: no file reads, no navigator.
 * The seed follows the one house-seed rule.
 */
import { SimBody } from '../body/index.js';
import { generateHouse } from '../sim/index.js';
import { HouseSeedSchema, MAX_HOUSE_SEED } from './house-spec.js';

export interface ProceduralBody {
  seed: number;
  /** the scene's name */
  house: string;
  body: SimBody;
  /** frees the renderer and the navmesh */
  dispose(): void;
}

export async function openProceduralBody(seed: number): Promise<ProceduralBody> {
  const s = HouseSeedSchema.safeParse(seed);
  if (!s.success) throw new Error(`house seed must be a whole number from 0 to ${MAX_HOUSE_SEED}, got ${String(seed)}`);
  const scene = generateHouse(s.data);
  const body = await SimBody.create(scene);
  return {
    seed: s.data,
    house: scene.name,
    body,
    dispose() {
      body.renderer.dispose();
      body.navmesh.destroy();
    },
  };
}
