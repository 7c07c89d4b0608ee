/**
 * The demo's mapping loop, free of the DOM: a procedural house, the simulated body, and an occupancy
 * map fed at every sub-motion. Poses are the simulator's ground truth converted to the navigator's
 * convention and anchored at the first frame (the GroundTruthPoseSource ablation, SPEC §2); the
 * tracker is not in the loop here.
 */
import { z } from 'zod';
import { SimBody } from '../src/body/sim-body.js';
import type { BodyFrame, SubMotion } from '../src/body/body.js';
import { generateHouse } from '../src/sim/house/generate.js';
import { invert, multiply, type Mat4 } from '../src/geometry/pose.js';
import { NAVIGATOR_FRAME, planarPose, type PlanarPose } from '../src/geometry/frames.js';
import { OccupancyMap } from '../src/mapping/occupancy-map.js';
import { renderMap, type RenderedMap } from '../src/mapping/render-map.js';
import { Navcore } from '../src/wasm/navcore.js';

export const ACTIONS = ['forward', 'left', 'right'] as const;
export type Action = (typeof ACTIONS)[number];
export const ActionSchema = z.enum(ACTIONS);

/** SPEC §1: a coarse action is five sub-motions of 0.05 m or 3°, one frame each. */
export const SUB_MOTIONS_PER_ACTION = 5;

export const SeedSchema = z.coerce.number().int().min(0).max(2 ** 31 - 1);

export interface MapCounts {
  known: number;
  free: number;
  obstacle: number;
  exploredM2: number;
}

export interface SessionState extends MapCounts {
  seed: number;
  house: string;
  actions: number;
  subMotions: number;
  collisions: number;
  pose: PlanarPose;
}

export class MapperSession {
  readonly trail: PlanarPose[] = [];
  private actionCount = 0;
  private collisionCount = 0;
  private lastFrame: BodyFrame;

  private constructor(
    readonly seed: number,
    readonly house: string,
    readonly body: SimBody,
    readonly map: OccupancyMap,
    private readonly layer: number,
    private readonly firstInverse: Mat4,
    first: BodyFrame,
  ) {
    this.lastFrame = first;
    this.integrate(first);
  }

  static async create(seed: number, navcore?: Navcore): Promise<MapperSession> {
    const s = SeedSchema.safeParse(seed);
    if (!s.success) throw new Error(`house seed must be a whole number from 0 to ${2 ** 31 - 1}, got ${String(seed)}`);
    const scene = generateHouse(s.data);
    const body = await SimBody.create(scene);
    const map = new OccupancyMap(navcore ?? (await Navcore.load()), NAVIGATOR_FRAME);
    const firstSim = body.groundTruthPose();
    const firstInverse = invert(firstSim);
    // The world is the first camera frame, so the first pose is the identity.
    const layer = map.openFloor(map.floorUpBelow(multiply(firstInverse, firstSim), body.cameraHeight));
    return new MapperSession(s.data, scene.name, body, map, layer, firstInverse, await body.observe());
  }

  /** Camera-to-world pose in the first-frame-anchored navigator world. */
  pose(): Mat4 {
    return multiply(this.firstInverse, this.body.groundTruthPose());
  }

  get frame(): BodyFrame {
    return this.lastFrame;
  }

  /**
   * Runs one coarse action as its sub-motions, integrating every frame (`afterEach` runs after each,
   * e.g. to draw it); reports whether any sub-motion collided.
   */
  async act(action: Action, afterEach: () => void | Promise<void> = () => {}): Promise<{ collided: boolean }> {
    const a = ActionSchema.parse(action);
    let collided = false;
    for (let i = 0; i < SUB_MOTIONS_PER_ACTION; i++) {
      const r = await this.body.execute(a);
      this.integrate(r.frame);
      this.lastFrame = r.frame;
      if (r.collided) collided = true;
      await afterEach();
    }
    this.actionCount++;
    if (collided) this.collisionCount++;
    return { collided };
  }

  counts(): MapCounts {
    const c = this.map.counts(this.layer);
    return { ...c, exploredM2: this.map.exploredArea(this.layer) };
  }

  state(): SessionState {
    return {
      seed: this.seed,
      house: this.house,
      actions: this.actionCount,
      subMotions: this.body.subMotions,
      collisions: this.collisionCount,
      pose: this.trail[this.trail.length - 1],
      ...this.counts(),
    };
  }

  renderMap(maxPixels: number): RenderedMap {
    const pose = this.trail[this.trail.length - 1];
    return renderMap(this.map, this.layer, {
      zoom: 12,
      maxPixels,
      pose,
      trail: this.trail,
      markers: [{ name: 'start', x: this.trail[0].x, z: this.trail[0].z }],
    });
  }

  /** Frees the WebAssembly memory held outside the garbage collector's reach (Recast's navmesh). */
  dispose(): void {
    this.body.renderer.dispose();
    this.body.navmesh.destroy();
  }

  private integrate(frame: BodyFrame): void {
    const pose = this.pose();
    const r = this.map.integrate({ intrinsics: this.body.intrinsics, depth: frame.depth }, pose, this.layer);
    if (!r.ok) throw new Error(`mapping failed: ${r.error}`);
    this.trail.push(planarPose(NAVIGATOR_FRAME, pose));
  }
}
