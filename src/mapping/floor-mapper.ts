/**
 * The mapping step of the navigator (paper 001 §3.2): one depth frame at one trusted pose goes to the layer
 * of the floor the body stands on. Owns the floor registration, the layers of the occupancy map and
 * the levelled mapping pose; heights follow geometry/heights.ts.
 */
import { NAVIGATOR_FRAME, planarPose, type WorldFrame, cameraHeightOf, levelPose, raisePose, type Mat4 } from '../geometry/index.js';
import type { Navcore } from '../wasm/index.js';
import { FloorTracker, type FloorTrackerOptions } from './floors.js';
import { joinRaise, type LayerAt } from './join-floor.js';
import { fitScan, type JoinFit } from './join-fit.js';
import { carryLayerAsMemory, planarRigidOf } from './layer-carry.js';
import { OccupancyMap, type DepthFrame, type GridSnapshot, type IntegrateStats } from './occupancy-map.js';
import type { MapParams } from './params.js';

/** Estimated heights within this of the layer's camera height are taken as drift and snapped. */
const LEVEL_SNAP_M = 0.5;
/**
 * Drops (points seen through a hole in the floor) mark the hole only while the camera is within this
 * of the layer's camera height: on a flight the floor plane under the camera is not the layer's.
 */
const DROPS_AT_M = 0.15;
/**
 * A height that moved this much over the last TRANSIT_FRAMES frames is the body on a flight, not drift:
 * such a frame is not snapped to its layer's height. Going down from an upper floor, the first 0.15–0.5 m
 * stay on that floor's layer (FloorTracker's newFloorM); snapped up, their views put the landing's floor
 * 0.15–0.5 m high, in the obstacle band, and house 34 with true poses walled its landing in that way
 * (the upper floor given up on, the goal there never found). Drift is slow: a few centimetres a turn.
 */
const TRANSIT_M = 0.06;
const TRANSIT_FRAMES = 10;
/** in transit, a height this far off its layer's is kept as estimated (snapped 0.09 m off, a row of the floor ahead already came out as obstacles) */
const TRANSIT_KEEP_M = 0.05;

export interface FloorMapperOptions {
  /** the body's camera height above the floor, metres */
  cameraHeight: number;
  /**
   * map with a levelled pose (estimated pitch, roll and small vertical drift removed; default true).
   * false maps with the raw estimate, as an ablation.
   */
  level?: boolean;
  mapParams?: Partial<MapParams>;
  floors?: FloorTrackerOptions;
  frame?: WorldFrame;
}

/**
 * What one frame did: `floor` null while between floors (nothing written). `drift`: the pose's height
 * was found that far above its floor's (FloorTracker), over the newest `driftFrames` frames; the frame
 * was mapped lowered by it, and the caller lowers this and later poses by it. `transit`: the heights
 * before it show the body on a flight (see TRANSIT_M); a re-integration of the frame must map it so
 * too (`mappingPose`), as the history that said so is gone by then.
 */
export type FloorStep =
  | { floor: null }
  | { floor: number; ok: true; stats: IntegrateStats; transit: boolean; drift?: number; driftFrames?: number }
  | { floor: number; ok: false; error: string; transit: boolean; drift?: number; driftFrames?: number };

/** A depth frame with the navigator's pose of it. */
export interface PosedDepth {
  frame: DepthFrame;
  pose: Mat4;
}

/** A saved floor layer: its floor height, its frame count and its grid. */
export interface FloorLayer {
  floorUp: number;
  frames: number;
  grid: GridSnapshot;
}

export class FloorMapper {
  readonly map: OccupancyMap;
  private readonly tracker: FloorTracker;
  private readonly level: boolean;
  private readonly cameraHeight: number;
  private floorNow: number | null = null;
  /** the estimated camera heights of the newest frames mapped (TRANSIT_FRAMES of them), oldest first */
  private heights: number[] = [];

  constructor(core: Navcore, opts: FloorMapperOptions) {
    this.map = new OccupancyMap(core, opts.frame ?? NAVIGATOR_FRAME, opts.mapParams);
    this.tracker = new FloorTracker(opts.floors);
    this.level = opts.level ?? true;
    this.cameraHeight = opts.cameraHeight;
  }

  /** The floor layer last mapped on (kept while between floors); null before any. */
  get floor(): number | null {
    return this.floorNow;
  }

  /** Registers the floor under `pose` and integrates the frame into its layer. */
  integrateFrame(frame: DepthFrame, estimated: Mat4): FloorStep {
    const decision = this.tracker.update(this.map.floorUpBelow(estimated, this.cameraHeight), planarPose(this.map.frame, estimated));
    if (decision.opened) this.map.openFloor(this.tracker.floors[decision.floor!]);
    if (decision.floor === null) return { floor: null }; // between floors: nothing is written until the height settles
    this.floorNow = decision.floor;
    const pose = decision.drift ? raisePose(this.map.frame, estimated, -decision.drift) : estimated;
    const transit = this.inTransit(cameraHeightOf(this.map.frame, pose));
    const m = this.mappingPose(pose, decision.floor, transit);
    const r = this.map.integrate(frame, m.pose, decision.floor, m.drops);
    const drift = decision.drift ? { drift: decision.drift, driftFrames: decision.driftFrames } : {};
    return r.ok
      ? { floor: decision.floor, ok: true, stats: r.value, transit, ...drift }
      : { floor: decision.floor, ok: false, error: r.error, transit, ...drift };
  }

  /**
   * The pose a frame taken at `pose` is integrated with into layer `floor` (levelled at the layer's
   * camera height unless on a flight), and whether its drops mark holes: what integrateFrame does, for
   * a re-integration of the same floor elsewhere (navigator/loop-rebuild.ts), which passes the
   * `transit` the frame's step reported.
   */
  mappingPose(pose: Mat4, floor: number, transit = false): { pose: Mat4; drops: boolean } {
    const layerHeight = this.tracker.floors[floor] + this.cameraHeight;
    const est = cameraHeightOf(this.map.frame, pose);
    return { pose: this.level ? this.levelled(pose, layerHeight, est, transit) : pose, drops: this.level && Math.abs(est - layerHeight) < DROPS_AT_M };
  }

  /** Notes the newest frame's estimated camera height; true when the heights kept show it on a flight. */
  private inTransit(est: number): boolean {
    this.heights.push(est);
    if (this.heights.length > TRANSIT_FRAMES) this.heights.shift();
    return Math.max(...this.heights) - Math.min(...this.heights) >= TRANSIT_M;
  }

  /** The layers to save, in floor order. */
  layers(): FloorLayer[] {
    return this.map.floors().map((f) => ({ floorUp: f.floorUp, frames: f.frames, grid: this.map.snapshot(f.id) }));
  }

  /**
   * Continues from saved layers, standing on layer `floor`: a resumed run's own, or (`remembered`) an
   * earlier run's, whose obstacles this run's frames may see free.
   */
  restore(layers: FloorLayer[], floor: number, remembered = false): void {
    for (const l of layers) this.map.restoreFloor(l.floorUp, l.grid, l.frames, remembered);
    this.tracker.restore(
      layers.map((l) => l.floorUp),
      floor,
    );
    this.floorNow = floor;
  }

  /**
   * Carries the map into another world of the same house (a late relocalisation): the `saved` layers
   * come back as layers 0…, and each current layer is moved by `T` (a 4×4 from the current world to
   * the saved one) into the saved layer at its height, or into a new layer after them. The mapper
   * stands on the carried current floor. The saved layers' obstacles are remembered ones (an earlier
   * run's), and the carried cells come in as memory too (carryLayerAsMemory: placed by the join, they
   * fill what the saved layer does not know and never clear a saved obstacle). The current floor is made to land on the saved floor it
   * belongs to (join-floor.ts): `raised` is what that added to `T`'s shift along up, m. Returns each
   * current layer's new number.
   */
  carryInto(saved: FloorLayer[], T: Mat4): { renumber: number[]; raised: number } {
    const current = this.map.floors();
    const { rigid, upShift: shift } = planarRigidOf(this.map.frame, T, this.map.params.cellSize);
    const here = this.floorNow === null ? null : current[this.floorNow];
    const raised = here ? joinRaise(saved, { ...here, grid: this.map.snapshot(here.id) }, rigid, shift, this.tracker.newFloorM) : 0;
    const upShift = shift + raised;
    const targets = saved.map((l) => ({ id: this.map.restoreFloor(l.floorUp, l.grid, l.frames, true), floorUp: l.floorUp }));
    const renumber = current.map((f) => {
      const up = f.floorUp + upShift;
      let k = targets.findIndex((t) => Math.abs(t.floorUp - up) < this.tracker.newFloorM);
      if (k < 0) k = targets.push({ id: this.map.openFloor(up), floorUp: up }) - 1;
      const r = carryLayerAsMemory(this.map, f.id, targets[k].id, rigid);
      if (!r.ok) throw new Error(`cannot carry floor layer ${f.id} into the saved map: ${r.error}`);
      return k;
    });
    this.map.retainFloors(targets.map((t) => t.id));
    const floor = this.floorNow === null ? null : renumber[this.floorNow];
    this.tracker.restore(
      targets.map((t) => t.floorUp),
      floor,
    );
    this.floorNow = floor;
    return { renumber, raised };
  }

  /**
   * A start turn that relocalised in a saved map (a house memory) took the height of the saved
   * keyframes it was found among, and those may sit well off their floor (seed:1's third run stood
   * 1.66 m low). The body stands on a floor, so, as a late join does (join-floor.ts), the turn's
   * views choose it: mapped on a scratch layer at the poses' own floor height, they are compared with
   * each of the `saved` layers (as loaded, before this run wrote into them); the agreeing one, else the
   * one at that height, is the floor. Returns how far up the poses must move to stand on it (0 when
   * none is near or agrees) and stands the mapper on it.
   */
  landOnSaved(saved: readonly LayerAt[], views: readonly PosedDepth[]): number {
    if (views.length === 0 || saved.length === 0) return 0;
    const { up, scan } = this.scanOf(views);
    const raised = joinRaise(saved, { floorUp: up, grid: scan }, { cos: 1, sin: 0, tx: 0, tz: 0 }, 0, this.tracker.newFloorM);
    const on = this.tracker.floors.findIndex((f) => Math.abs(f - (up + raised)) < this.tracker.newFloorM / 2);
    if (on >= 0) {
      this.tracker.restore([...this.tracker.floors], on);
      this.floorNow = on;
    }
    return raised;
  }

  /**
   * How `views` (frames since a join, at the joined poses) fit the saved layer of their floor, searched
   * `radiusM` round where the join put them and turned about the first (join-fit.ts); null when no saved
   * layer is at that floor.
   */
  fitOnSaved(saved: readonly LayerAt[], views: readonly PosedDepth[], radiusM: number): JoinFit | null {
    if (views.length === 0 || saved.length === 0) return null;
    const { up, scan } = this.scanOf(views);
    const layer = saved.find((l) => Math.abs(l.floorUp - up) < this.tracker.newFloorM / 2);
    const cell = this.map.params.cellSize,
      first = planarPose(this.map.frame, views[0].pose);
    return layer ? fitScan(scan, layer.grid, Math.round(radiusM / cell), 2, { x: first.x / cell, z: first.z / cell }) : null;
  }

  /** `views` mapped on a scratch layer at the floor under the last one (dropped again), and that floor's height. */
  private scanOf(views: readonly PosedDepth[]): { up: number; scan: GridSnapshot } {
    const up = this.map.floorUpBelow(views[views.length - 1].pose, this.cameraHeight);
    const kept = this.map.floors().map((f) => f.id);
    const scratch = this.map.openFloor(up);
    try {
      for (const v of views)
        this.map.integrate(v.frame, levelPose(this.map.frame, planarPose(this.map.frame, v.pose), cameraHeightOf(this.map.frame, v.pose)), scratch, false);
      return { up, scan: this.map.snapshot(scratch) };
    } finally {
      this.map.retainFloors(kept);
    }
  }

  /**
   * The pose the mapper uses: the body's camera is level and rides at a fixed height, so estimated
   * pitch, roll and vertical drift are tracker error; removing them keeps floor points on the floor
   * plane of the layer. Position and yaw are the estimate's. While the estimated height is far from
   * the layer's (a staircase), or off it and moving (`transit`: the first steps of a flight), the
   * estimated height is kept. `layerHeight`: the layer's camera height; `est`: the pose's.
   */
  private levelled(pose: Mat4, layerHeight: number, est: number, transit: boolean): Mat4 {
    const off = Math.abs(est - layerHeight);
    const height = off < LEVEL_SNAP_M && !(transit && off >= TRANSIT_KEEP_M) ? layerHeight : est;
    return levelPose(this.map.frame, planarPose(this.map.frame, pose), height);
  }
}
