/**
 * Issue 35: the way down from an upper floor. House 3 came down its flight 0.3 m to the gallery's side
 * of the flight's middle (the line noted from the climb, measured from below), grazed the gallery
 * slab's edge on the second step down, stalled, was sent back to the landing and then drove down the
 * gallery. From the landing a level camera does not see the treads below (the flight is steeper than
 * the view's lower edge), but it sees through the hole to what is under the floor: the crossings of
 * those rays with the floor plane outline the flight's top, and the way down is centred on them.
 */
import { describe, expect, it } from 'vitest';
import { takeStairs } from '../../src/baselines/navigation-agent/climb.js';
import type { Ctx } from '../../src/baselines/navigation-agent/context.js';
import type { Flight } from '../../src/baselines/navigation-agent/stairs.js';
import { centreOnRim, rimInView } from '../../src/baselines/navigation-agent/stairwell.js';
import { newTaskState } from '../../src/baselines/navigation-agent/types.js';
import { fromHfov } from '../../src/geometry/index.js';
import type { Navigator } from '../../src/navigator/index.js';
import { straightPlan } from '../helpers/straight-plan.js';

const CAMERA = 0.88;
const K = fromHfov(320, 240, 79);
/** the storey's height, and the flight's slope (0.18 m rise per 0.28 m going) */
const STOREY = 2.9;
const SLOPE = 0.65;

/**
 * The depth a level camera at (x, 0) facing +z sees over an upper floor with a flight going down +z:
 * the hole is x in [holeX0, holeX1] from z = edge on, the flight's ramp in it down to the lower floor;
 * a wall at x = holeX1 (the flight runs along it) and one at the hole's far end; the gallery floor on
 * the hole's other side, the lower floor under it.
 */
function view(x: number, edge: number, holeX0: number, holeX1: number): Float32Array {
  const depth = new Float32Array(K.width * K.height);
  for (let v = 0; v < K.height; v++) {
    for (let u = 0; u < K.width; u++) {
      const xc = (u - K.cx) / K.fx,
        yc = (v - K.cy) / K.fy;
      let t = Infinity;
      // the side wall, full height
      if (xc > 0) t = Math.min(t, (holeX1 - x) / xc);
      // the far end wall
      t = Math.min(t, edge + 6);
      if (yc > 0) {
        const t0 = CAMERA / yc,
          x0 = x + xc * t0;
        const inHole = t0 >= edge && x0 >= holeX0 && x0 <= holeX1;
        if (!inHole) t = Math.min(t, t0);
        else {
          // the ramp (a ray steeper than it meets it), else the lower floor
          const tr = yc > SLOPE ? (SLOPE * edge - CAMERA) / (SLOPE - yc) : Infinity;
          const xr = x + xc * tr;
          const onRamp = tr >= t0 && tr <= edge + STOREY / SLOPE && xr >= holeX0 && xr <= holeX1;
          t = Math.min(t, onRamp ? tr : (CAMERA + STOREY) / yc);
        }
      }
      depth[v * K.width + u] = t;
    }
  }
  return depth;
}

/** The navigator of a robot on the upper floor (layer 1, 2.9 m over layer 0) at (x, 0) facing +z, with `depth` in view. */
function navAt(x: number, depth: Float32Array, yaw = 0) {
  const pose = { x, z: 0, yaw };
  return {
    floor: 1,
    status: 'ok',
    lastView: { width: K.width, height: K.height, depth },
    planar: () => pose,
    body: { cameraHeight: CAMERA, intrinsics: K },
    // up is −y in the navigator frame
    poseMatrix: () => new Float64Array([1, 0, 0, x, 0, 1, 0, -(STOREY + CAMERA), 0, 0, 1, 0, 0, 0, 0, 1]),
    map: {
      floors: () => [
        { id: 0, floorUp: 0, frames: 1 },
        { id: 1, floorUp: STOREY, frames: 1 },
      ],
      cellAt: () => 'unknown',
    },
    plan: straightPlan(pose),
    trail: (): { x: number; z: number }[] => [],
  } as unknown as Navigator;
}

/** The way down noted on arrival: on the landing at (x, 0), heading down +z, from layer 1 to layer 0. */
const wayDown = (x: number): Flight => ({ floor: 1, to: 0, bottom: { x, z: 0 }, heading: 0, spanM: 0 });

describe('the hole a flight going down leaves in the floor above (issue 35)', () => {
  it('is outlined by where the rays to what lies under it crossed the floor', () => {
    const rim = rimInView(navAt(0, view(0, 1.0, -0.5, 0.5)));
    expect(rim).not.toBeNull();
    const xs = rim!.points.map((p) => p.x);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(-0.5 - 0.05);
    expect(Math.max(...xs)).toBeLessThanOrEqual(0.5 + 0.05);
    // the camera's lower edge meets the floor 1.4 m out: nothing nearer is seen, nothing before the edge
    expect(Math.min(...rim!.points.map((p) => p.z))).toBeGreaterThan(1.0);
  });

  it('shows nothing over a whole floor', () => {
    expect(rimInView(navAt(0, view(0, 1.0, 5, 6)))).toBeNull();
  });

  it("moves a way down noted 0.35 m to one side onto the hole's middle", () => {
    const nav = navAt(0.35, view(0.35, 1.0, -0.5, 0.5));
    const g = centreOnRim(wayDown(0.35), rimInView(nav)!, 0);
    expect(g).not.toBeNull();
    expect(Math.abs(g!.bottom.x)).toBeLessThan(0.1);
    expect(g!.bottom.z).toBeCloseTo(0, 6);
  });

  it('from beside the hole with its far side out of view, moves toward it by half a flight from the side seen', () => {
    // standing on the gallery 0.9 m off the flight's middle: the hole runs on out of the image's right side
    const nav = navAt(-0.9, view(-0.9, 0.3, -0.5, 2.5));
    const rim = rimInView(nav)!;
    expect(rim.clippedRight).toBe(true);
    const g = centreOnRim(wayDown(-0.9), rim, 0)!;
    expect(g.bottom.x).toBeGreaterThan(-0.1);
  });
});

describe("stairs: the way down is taken on the hole's middle (issue 35)", () => {
  function ctx(x: number, hole: [number, number]) {
    const nav = navAt(x, view(x, 1.0, hole[0], hole[1]));
    const flight = wayDown(x);
    const task = newTaskState('t');
    task.stairs = { flight, turns: 0, onFlight: false };
    task.state = 'stairs';
    const c = { nav, task, pose: nav.planar(), flights: [flight] } as unknown as Ctx;
    return { c, flight };
  }

  it("steers onto the hole's middle instead of down the line noted 0.35 m off", () => {
    const { c, flight } = ctx(0.35, [-0.5, 0.5]);
    const d = takeStairs(c);
    expect(d.kind === 'act' && d.why).toBe('take the stairs');
    // the middle is 0.35 m to the left (−x facing +z): a turn left first
    expect(d.kind === 'act' ? d.actions[0] : null).toBe('left');
    expect(Math.abs(flight.bottom.x)).toBeLessThan(0.1);
  });

  it('goes back to the foot moved onto the hole when the line noted is 0.6 m off', () => {
    const { c, flight } = ctx(0.6, [-0.5, 0.5]);
    expect(((d) => d.kind === 'act' && d.why)(takeStairs(c))).toMatch(/^to the foot of the stairs/);
    expect(Math.abs(flight.bottom.x)).toBeLessThan(0.1);
  });

  it('steps down in short runs, a correction at most every six forwards', () => {
    const { c } = ctx(0, [-0.5, 0.5]);
    const d = takeStairs(c);
    expect(d.kind === 'act' && d.why).toBe('take the stairs');
    expect(d.kind === 'act' ? d.actions.filter((a) => a === 'forward').length : 0).toBe(6);
  });
});
