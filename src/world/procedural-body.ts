/**
 * The simulated body in a procedural house or an opened scene, for the browser demo: no file reads,
 * no navigator. The seed follows the one house-seed rule.
 */
import { SimBody } from '../body/index.js';
import { generateHouse, type Scene } from '../sim/index.js';
import { HouseSeedSchema, MAX_HOUSE_SEED } from './house-spec.js';

export interface ProceduralBody {
  /** the house seed, or null for a scene opened from a file */
  seed: number | null;
  /** the scene's name */
  house: string;
  body: SimBody;
  /** frees the renderer and the navmesh */
  dispose(): void;
}

export async function openProceduralBody(seed: number): Promise<ProceduralBody> {
  const s = HouseSeedSchema.safeParse(seed);
  if (!s.success) throw new Error(`house seed must be a whole number from 0 to ${MAX_HOUSE_SEED}, got ${String(seed)}`);
  return openSceneBody(generateHouse(s.data), s.data);
}

/** The body in a scene the caller opened (a file through the scene opener); `seed` is null for a file. */
export async function openSceneBody(scene: Scene, seed: number | null = null): Promise<ProceduralBody> {
  const body = await SimBody.create(scene);
  return {
    seed,
    house: scene.name,
    body,
    dispose() {
      body.renderer.dispose();
      body.navmesh.destroy();
    },
  };
}
