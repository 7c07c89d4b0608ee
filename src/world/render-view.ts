/**
 * One view of a house as PNGs (`navharness sim render`): RGB, 16-bit depth in millimetres and
 * instance ids, from a floor point snapped onto the walkable floor.
 */
import { simCameraPose, type Intrinsics } from '../geometry/index.js';
import { depthPng, idsPng, rgbPng } from '../image/node.js';
import { type HouseRef, SceneNavMesh, Renderer } from '../sim/index.js';
import { openHouse } from './open-scene.js';

export interface ViewRequest {
  /** floor position; the house start where absent */
  x?: number;
  z?: number;
  /** heading in radians; the start heading where absent */
  yaw?: number;
  width: number;
  height: number;
  hfovDeg: number;
}

export interface RenderedView {
  rgb: Uint8Array;
  depth: Uint8Array;
  ids: Uint8Array;
  view: { house: string; position: readonly number[]; yawDeg: number; intrinsics: Intrinsics; depthUnit: 'millimetres' };
}

export async function renderHouseView(house: HouseRef, req: ViewRequest): Promise<RenderedView> {
  const scene = await openHouse(house);
  const nav = await SceneNavMesh.build(scene);
  try {
    const want: [number, number, number] = [req.x ?? scene.start.position[0], scene.start.position[1], req.z ?? scene.start.position[2]];
    const at = nav.snap(want, 0.5);
    if (!at) throw new Error(`position x=${want[0]} z=${want[2]} is not on the walkable floor of ${scene.name} (nothing within 0.5 m)`);
    const yaw = req.yaw ?? scene.start.yaw;
    const r = await Renderer.create(scene, { width: req.width, height: req.height, hfovDeg: req.hfovDeg });
    try {
      const frame = r.render(simCameraPose(at.point, yaw, r.camera.cameraHeight));
      const view = { house: scene.name, position: at.point, yawDeg: (yaw * 180) / Math.PI, intrinsics: r.intrinsics, depthUnit: 'millimetres' as const };
      return { rgb: rgbPng(frame), depth: depthPng(frame), ids: idsPng(frame), view };
    } finally {
      r.dispose();
    }
  } finally {
    nav.destroy();
  }
}
