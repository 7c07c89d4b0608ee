/**
 * The demo's mapping loop, free of the DOM: a procedural house, the simulated body, and an occupancy
 * map fed at every sub-motion. Poses are the simulator's ground truth converted to the navigator's
 * convention and anchored at the first frame (the GroundTruthPoseSource ablation, SPEC §2); the
 * tracker is not in the loop here.
 */
import type { SimBody } from '../src/body/sim-body.js';
import type { BodyFrame } from '../src/body/body.js';
import type { Mat4 } from '../src/geometry/pose.js';
import { NAVIGATOR_FRAME, planarPose, type PlanarPose } from '../src/geometry/frames.js';
import { OccupancyMap } from '../src/mapping/occupancy-map.js';
import { renderMap, type RenderedMap } from '../src/mapping/render-map.js';
import { CoarseActionSchema, COARSE_ACTIONS, SUB_MOTIONS_PER_ACTION, type CoarseAction } from '../src/navigator/actions.js';
import { GroundTruthPoseSource } from '../src/perception/ground-truth-pose-source.js';
import { Navcore } from '../src/wasm/navcore.js';
import { HouseSeedTextSchema } from '../src/world/house-spec.js';
import { openProceduralBody, type ProceduralBody } from '../src/world/procedural-body.js';

export const ACTIONS = COARSE_ACTIONS;
export type Action = CoarseAction;
export const ActionSchema = CoarseActionSchema;
export { SUB_MOTIONS_PER_ACTION };

/** A seed typed into the page or given in the URL, under the one house-seed rule. */
export const SeedSchema = HouseSeedTextSchema;

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
    private readonly opened: ProceduralBody,
    readonly map: OccupancyMap,
    private readonly layer: number,
    private readonly poses: GroundTruthPoseSource,
    first: BodyFrame,
  ) {
    this.lastFrame = first;
    this.integrate(first);
  }

  static async create(seed: number, navcore?: Navcore): Promise<MapperSession> {
    const opened = await openProceduralBody(seed);
    const body = opened.body;
    const map = new OccupancyMap(navcore ?? (await Navcore.load()), NAVIGATOR_FRAME);
    // The ablation pose source anchors the world at the first camera frame, so the first pose is the identity.
    const poses = new GroundTruthPoseSource(() => body.groundTruthPose());
    const first = await body.observe();
    const layer = map.openFloor(map.floorUpBelow(poses.estimate(first).pose!, body.cameraHeight));
    return new MapperSession(opened, map, layer, poses, first);
  }

  get seed(): number {
    return this.opened.seed;
  }

  get house(): string {
    return this.opened.house;
  }

  get body(): SimBody {
    return this.opened.body;
  }

  /** Camera-to-world pose in the first-frame-anchored navigator world. */
  pose(): Mat4 {
    return this.poses.estimate(this.lastFrame).pose!;
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
    this.opened.dispose();
  }

  private integrate(frame: BodyFrame): void {
    const pose = this.poses.estimate(frame).pose!;
    const r = this.map.integrate({ intrinsics: this.body.intrinsics, depth: frame.depth }, pose, this.layer);
    if (!r.ok) throw new Error(`mapping failed: ${r.error}`);
    this.trail.push(planarPose(NAVIGATOR_FRAME, pose));
  }
}
