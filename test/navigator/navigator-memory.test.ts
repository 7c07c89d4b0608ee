/**
 * A navigator's memory survives a restart: saved after a task, loaded by `--resume`, adopted by a new
 * navigator whose fresh pose source is anchored onto the saved pose, so that the map, the places and
 * their views line up with what the robot sees next. Broken snapshots are refused with a reason.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Navigator } from '../../src/navigator/navigator.js';
import { loadNavigatorMemory, saveNavigatorMemory } from '../../src/memory/navigator-store.js';
import { Workspace } from '../../src/memory/workspace.js';
import { Cell } from '../../src/mapping/params.js';
import { SimBody } from '../../src/body/sim-body.js';
import { GroundTruthPoseSource } from '../../src/perception/ground-truth-pose-source.js';
import { simWorld } from '../helpers/sim-world.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function workspace(): Workspace {
  const d = mkdtempSync(join(tmpdir(), 'nav-mem-'));
  dirs.push(d);
  return Workspace.open({ runDir: join(d, 'run'), houseDir: join(d, 'house') });
}
const known = (cells: Uint8Array) => cells.reduce((n, c) => n + (c !== Cell.Unknown ? 1 : 0), 0);

describe('navigator memory across a restart', () => {
  it('round-trips through the run folder and continues in the same frame', async () => {
    const { scene, body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: gt });
    await nav.act(['left', 'left', 'forward', 'forward']);
    expect(nav.mark('hall spot')).not.toBeNull();
    await nav.act(['right', 'forward', 'forward', 'left', 'left', 'left']);
    const mem = nav.memory()!;
    expect(mem).not.toBeNull();
    const before = nav.planar()!;

    const ws = workspace();
    saveNavigatorMemory(ws, 'task-001', mem);
    const back = loadNavigatorMemory(ws, 'task-001')!;
    expect(Array.from(back.pose)).toEqual(Array.from(mem.pose));
    expect(back.layers.map((l) => [l.floorUp, l.grid.originX, l.grid.originZ, l.grid.width, l.grid.height])).toEqual(
      mem.layers.map((l) => [l.floorUp, l.grid.originX, l.grid.originZ, l.grid.width, l.grid.height]),
    );
    expect(Buffer.from(back.layers[0].grid.cells).equals(Buffer.from(mem.layers[0].grid.cells))).toBe(true);
    expect(back.places.map((p) => p.name)).toEqual(['hall spot']);
    expect(back.places[0].views.length).toBeGreaterThan(0);
    expect(Buffer.from(back.places[0].views[0].rgb).equals(Buffer.from(mem.places[0].views[0].rgb))).toBe(true);

    // a new process: the body restarts where the old one stood, the pose source starts afresh
    const body2 = await SimBody.create(scene, {}, body.simPose);
    const gt2 = new GroundTruthPoseSource(() => body2.groundTruthPose());
    const nav2 = await Navigator.create({ body: body2, poseSource: gt2, memory: back });
    const after = nav2.planar()!;
    expect(Math.hypot(after.x - before.x, after.z - before.z)).toBeLessThan(0.02);
    expect(Math.abs(after.yaw - before.yaw)).toBeLessThan(0.01);
    expect(nav2.places.get('hall spot')?.pose).toEqual(nav.places.get('hall spot')?.pose);
    expect(known(nav2.map.snapshot(0).cells)).toBeGreaterThanOrEqual(known(mem.layers[0].grid.cells));
    // the restored map and the new frames agree: the marked place is still reachable on the map
    const route = nav2.plan({ x: mem.places[0].pose.x, z: mem.places[0].pose.z });
    expect(route.status).toBe('ok');
    // and new observations land where the old map had them: few cells flip between free and obstacle
    await nav2.act(['left', 'left']);
    const a = mem.layers[0].grid,
      b = nav2.map.snapshot(0);
    let flips = 0,
      both = 0;
    for (let z = 0; z < a.height; z++) {
      for (let x = 0; x < a.width; x++) {
        const ca = a.cells[z * a.width + x];
        const bx = x + a.originX - b.originX,
          bz = z + a.originZ - b.originZ;
        const cb = b.cells[bz * b.width + bx];
        if (ca === Cell.Unknown || cb === Cell.Unknown) continue;
        both++;
        if (ca === Cell.Free && cb === Cell.Obstacle) flips++;
      }
    }
    expect(both).toBeGreaterThan(100);
    expect(flips / both).toBeLessThan(0.01);
  }, 60_000);

  it('refuses broken snapshots with a reason and never half-adopts one', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: gt });
    await nav.act(['forward']);
    const mem = nav.memory()!;
    const ws = workspace();
    expect(loadNavigatorMemory(ws, 'task-001')).toBeNull(); // nothing saved yet
    saveNavigatorMemory(ws, 'task-001', mem);
    const dir = join(ws.roots.run, '.navharness/navigator/task-001');

    writeFileSync(join(dir, 'layer-0.bin'), new Uint8Array(3));
    expect(() => loadNavigatorMemory(ws, 'task-001')).toThrow(/layer-0\.bin holds 3 cells/);
    writeFileSync(join(dir, 'memory.json'), '{"version": 2}');
    expect(() => loadNavigatorMemory(ws, 'task-001')).toThrow(/memory\.json is malformed/);
    writeFileSync(join(dir, 'memory.json'), 'not json');
    expect(() => loadNavigatorMemory(ws, 'task-001')).toThrow(/not JSON/);

    const bad = { ...mem, layers: [{ ...mem.layers[0], grid: { ...mem.layers[0].grid, cells: mem.layers[0].grid.cells.map(() => 7) } }] };
    const { body: b2, gt: g2 } = await simWorld(7);
    await expect(Navigator.create({ body: b2, poseSource: g2, memory: bad })).rejects.toThrow(/holds 7; cells are 0 unknown/);
    await expect(Navigator.create({ body: b2, poseSource: g2, memory: { ...mem, floor: 3 } })).rejects.toThrow(/floor 3 is not one of/);
  }, 60_000);

  it('saves a floor that has no trail yet as an empty trail, not a hole', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: gt });
    // floor 0 without a trail and floor 1 with one: the sparse array the navigator builds per floor
    const sparse: { x: number; z: number }[][] = [];
    sparse[1] = [{ x: 0, z: 0 }];
    (nav as unknown as { trails: typeof sparse }).trails = sparse;
    const m = nav.memory()!;
    expect(m.trails).toEqual([[], [{ x: 0, z: 0 }]]);
    expect(JSON.parse(JSON.stringify(m.trails))).toEqual([[], [{ x: 0, z: 0 }]]);
  }, 60_000);

  it('keeps only the newest two snapshots', async () => {
    const { body, gt } = await simWorld(7);
    const nav = await Navigator.create({ body, poseSource: gt });
    const ws = workspace();
    for (const id of ['task-008', 'task-009', 'task-010']) saveNavigatorMemory(ws, id, nav.memory()!);
    expect(loadNavigatorMemory(ws, 'task-008')).toBeNull();
    expect(loadNavigatorMemory(ws, 'task-009')).not.toBeNull();
    expect(loadNavigatorMemory(ws, 'task-010')).not.toBeNull();
  }, 60_000);
});
