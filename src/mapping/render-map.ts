/**
 * Renders a floor layer as a picture: free / obstacle / unknown cells (coloured by navcore), named
 * markers with labels, the current pose with its heading, a route, a trail and a 1 m scale bar.
 * Image right = +right (x), image up = +forward (z) of the world frame.
 */
import { type PlanarPose, z } from '../geometry/index.js';
import type { OccupancyMap } from './occupancy-map.js';
import type { PlanarPoint } from './planner.js';
import { createImage, drawLine, drawText, fillDisc, fillRect, fillTriangle, type Rgba, type RgbaImage, GLYPH_H, textWidth } from '../image/index.js';

export const COLOURS = {
  unknown: [205, 205, 205, 255],
  free: [250, 250, 250, 255],
  obstacle: [45, 45, 60, 255],
  route: [30, 110, 235, 255],
  trail: [120, 180, 255, 200],
  marker: [240, 130, 20, 255],
  pose: [220, 30, 40, 255],
  label: [20, 20, 20, 255],
  labelBox: [255, 255, 255, 210],
} as const satisfies Record<string, Rgba>;

export const LEGEND =
  "Legend: white = free, dark = obstacle, grey = unexplored, red arrow = robot and heading, orange dots = named places, blue line = route, light blue = trail; image up = the house's forward axis; scale bar = 1 m.";

export interface MapMarker extends PlanarPoint {
  name: string;
}

const RenderOptionsSchema = z.object({
  zoom: z._default(z.int().check(z.minimum(1), z.maximum(16)), 4),
  pose: z.optional(z.object({ x: z.number(), z: z.number(), yaw: z.number() })),
  markers: z._default(z.array(z.object({ name: z.string(), x: z.number(), z: z.number() })), []),
  route: z._default(z.array(z.object({ x: z.number(), z: z.number() })), []),
  trail: z._default(z.array(z.object({ x: z.number(), z: z.number() })), []),
  /** show only a square window of this half-size (m) around `center` (default: the pose) */
  window: z.optional(z.object({ center: z.optional(z.object({ x: z.number(), z: z.number() })), radiusM: z.number().check(z.positive(), z.maximum(500)) })),
  /** cells of margin around everything shown */
  marginCells: z._default(z.int().check(z.minimum(0), z.maximum(100)), 6),
  /** the image's longer side is kept within this many pixels by lowering the zoom */
  maxPixels: z._default(z.int().check(z.minimum(64), z.maximum(8192)), 2048),
});
export type RenderOptions = z.input<typeof RenderOptionsSchema>;

export interface RenderedMap extends RgbaImage {
  /** pixels per cell actually used */
  zoom: number;
  /** world-cell bounds shown */
  bounds: { minX: number; minZ: number; maxX: number; maxZ: number };
}

export function renderMap(map: OccupancyMap, layer = 0, options: RenderOptions = {}): RenderedMap {
  const parsed = RenderOptionsSchema.safeParse(options);
  if (!parsed.success) throw new Error(`invalid map render options: ${z.prettifyError(parsed.error)}`);
  const o = parsed.data;
  const cell = map.params.cellSize;
  const toCell = (p: PlanarPoint) => map.worldToCell(p.x, p.z);

  let b: { minX: number; minZ: number; maxX: number; maxZ: number };
  if (o.window) {
    const c = toCell(o.window.center ?? o.pose ?? { x: 0, z: 0 });
    const r = Math.ceil(o.window.radiusM / cell);
    b = { minX: c.x - r, minZ: c.z - r, maxX: c.x + r, maxZ: c.z + r };
  } else {
    const known = map.knownBounds(layer);
    const pts = [...o.markers, ...o.route, ...o.trail, ...(o.pose ? [o.pose] : [])].map(toCell);
    if (!known && pts.length === 0) pts.push({ x: 0, z: 0 });
    b = known ?? { minX: pts[0].x, minZ: pts[0].z, maxX: pts[0].x, maxZ: pts[0].z };
    for (const p of pts) {
      b = { minX: Math.min(b.minX, p.x), minZ: Math.min(b.minZ, p.z), maxX: Math.max(b.maxX, p.x), maxZ: Math.max(b.maxZ, p.z) };
    }
    const m = o.marginCells;
    b = { minX: b.minX - m, minZ: b.minZ - m, maxX: b.maxX + m, maxZ: b.maxZ + m };
  }
  const cols = b.maxX - b.minX + 1,
    rows = b.maxZ - b.minZ + 1;
  const zoom = Math.max(1, Math.min(o.zoom, Math.floor(o.maxPixels / Math.max(cols, rows))));
  const width = cols * zoom,
    height = rows * zoom;

  const core = map.core;
  const out = core.block<Uint8Array>(Uint8Array, width * height * 4);
  const g = map.gridRef(layer);
  const rgba = (c: Rgba) => (c[0] | (c[1] << 8) | (c[2] << 16) | (c[3] << 24)) >>> 0;
  core.exports.rasterGrid(
    g.ptr,
    g.w,
    g.h,
    b.minX - g.ox,
    b.minZ - g.oz,
    cols,
    rows,
    zoom,
    out.ptr,
    rgba(COLOURS.unknown),
    rgba(COLOURS.free),
    rgba(COLOURS.obstacle),
  );
  const img = createImage(width, height);
  img.data.set(out.view());
  out.free();

  // World metres → image pixels (centre of the point's position, not of its cell).
  const px = (p: PlanarPoint): [number, number] => [(p.x / cell - b.minX) * zoom, (b.maxZ + 1 - p.z / cell) * zoom];
  const lineW = Math.max(1, zoom * 0.6);
  const polyline = (pts: PlanarPoint[], c: Rgba) => {
    for (let i = 1; i < pts.length; i++) drawLine(img, ...px(pts[i - 1]), ...px(pts[i]), lineW, c);
  };
  polyline(o.trail, COLOURS.trail);
  polyline(o.route, COLOURS.route);
  if (o.route.length > 0) fillDisc(img, ...px(o.route[o.route.length - 1]), Math.max(2, zoom), COLOURS.route);

  const textScale = zoom >= 6 ? 2 : 1;
  for (const m of o.markers) {
    const [x, y] = px(m);
    fillDisc(img, x, y, Math.max(3, zoom * 0.9), COLOURS.marker);
    drawText(img, x + Math.max(4, zoom), y - (GLYPH_H * textScale) / 2, m.name, COLOURS.label, textScale, COLOURS.labelBox);
  }
  if (o.pose) drawPose(img, px(o.pose), o.pose, Math.max(6, zoom * 2.5));

  // 1 m scale bar, bottom-left.
  const barPx = zoom / cell;
  if (barPx + 12 < width && height > 24) {
    const y = height - 8;
    fillRect(img, 6, y - 2, barPx, 3, COLOURS.label);
    if (textWidth('1 M') + barPx + 16 < width) drawText(img, 10 + barPx, y - GLYPH_H + 1, '1 M', COLOURS.label, 1, COLOURS.labelBox);
  }
  return Object.assign(img, { zoom, bounds: b });
}

/** An arrow: yaw 0 points up the image (+forward); a positive yaw (left turn) turns it left. */
function drawPose(img: RgbaImage, [x, y]: [number, number], pose: PlanarPose, size: number): void {
  const dx = -Math.sin(pose.yaw),
    dy = -Math.cos(pose.yaw); // image direction of the heading
  const tip: [number, number] = [x + dx * size, y + dy * size];
  const back = 0.6 * size,
    side = 0.55 * size;
  const l: [number, number] = [x - dx * back - dy * side, y - dy * back + dx * side];
  const r: [number, number] = [x - dx * back + dy * side, y - dy * back - dx * side];
  fillTriangle(img, [tip, l, r], COLOURS.pose);
  fillDisc(img, x, y, Math.max(2, size * 0.25), [255, 255, 255, 255]);
}
