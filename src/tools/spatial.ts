/** get_goal, get_map, mark, preview_path: the spatial memory and the goal, none of which move the robot. */
import { z } from 'zod';
import { encodePng } from '../image/node.js';
import { LEGEND } from '../mapping/index.js';
import { PlaceNameSchema } from '../navigator/index.js';
import { defineTool, echo, textResult, toolError } from './tool.js';
import { stateResult } from './describe.js';
import type { ToolContext } from './context.js';

export const getGoalTool = defineTool({
  name: 'get_goal',
  description: 'The goal of the current task: an object category, a description of one object, or a photograph to find; or a route instruction to follow.',
  schema: z.object({}).strict(),
  async run(_args, ctx) {
    const g = ctx.goal;
    if (!g) return toolError('There is no active task.');
    if (g.kind === 'image') {
      if (!g.image) return toolError('The goal photograph is missing.');
      return textResult("Find the object shown in this photograph (taken at the robot's camera height).", g.image);
    }
    if (g.kind === 'instruction') return textResult(`Follow this route instruction and close the task where it ends: ${g.text}`);
    return textResult(g.kind === 'object' ? `Find a ${g.text}.` : `Find this object: ${g.text}`);
  },
});

function markerList(ctx: ToolContext, floor: number): string {
  const ps = ctx.navigator.places.list().filter((p) => p.floor === floor);
  if (ps.length === 0) return 'No named places on this floor yet.';
  return 'Named places: ' + ps.map((p) => `${p.name} (x=${p.pose.x.toFixed(1)}, z=${p.pose.z.toFixed(1)}, ${p.views.length} views)`).join('; ') + '.';
}

export const getMapTool = defineTool({
  name: 'get_map',
  description:
    'A top-down occupancy map built from your own observations: free, obstacle and unexplored cells, the robot, its trail and the named places. zoom 1 shows the whole floor; higher zoom shows a closer window around the robot. floor selects a floor layer (default: the current floor).',
  schema: z
    .object({
      floor: z.number().int('floor is a layer number: 0, 1, …').min(0, 'floor is a layer number ≥ 0').optional(),
      zoom: z.number().int('zoom is a whole number from 1 to 4').min(1, 'zoom is at least 1 (the whole floor)').max(4, 'zoom is at most 4').optional(),
    })
    .strict(),
  async run({ floor, zoom }, ctx) {
    const nav = ctx.navigator;
    const layers = nav.map.floors().length;
    if (layers === 0) return toolError('No map yet: the robot has not been localised.');
    const f = floor ?? nav.floor ?? 0;
    if (f >= layers) return toolError(`There is no floor ${f}; floors 0 to ${layers - 1} are mapped.`);
    const z = zoom ?? 1;
    const img = nav.render({ floor: f, zoom: 3 + z, radiusM: z > 1 ? 16 / z : undefined });
    const c = nav.map.counts(f);
    const cell = nav.map.params.cellSize;
    const b = img.bounds;
    const text = [
      `Map of floor ${f} (${layers} floor layer${layers > 1 ? 's' : ''} mapped). Explored ${(c.known * cell * cell).toFixed(1)} m².`,
      `The image spans x ${(b.minX * cell).toFixed(1)}…${((b.maxX + 1) * cell).toFixed(1)} m left to right and z ${(b.minZ * cell).toFixed(1)}…${((b.maxZ + 1) * cell).toFixed(1)} m bottom to top.`,
      LEGEND,
      markerList(ctx, f),
    ];
    return stateResult(text.join('\n'), ctx, encodePng(img));
  },
});

export const markTool = defineTool({
  name: 'mark',
  description:
    "Name the place where the robot stands now (e.g. 'kitchen entrance'), so you can find it again; the views seen around it are stored with it. Name the place, not the object you look for. Marking an existing name moves it here.",
  schema: z.object({ name: PlaceNameSchema }).strict(),
  async run({ name }, ctx) {
    const existed = ctx.navigator.places.get(name) !== undefined;
    const p = ctx.navigator.mark(name);
    if (!p) return toolError('Cannot mark yet: the robot has no position estimate (tracking not initialised). Move or observe first.');
    return textResult(
      `${existed ? 'Moved' : 'Marked'} '${p.name}' at x=${p.pose.x.toFixed(2)} m, z=${p.pose.z.toFixed(2)} m on floor ${p.floor}, with ${p.views.length} stored view${p.views.length === 1 ? '' : 's'}.`,
    );
  },
});

const PointSchema = z.object({ x: z.number().finite(), z: z.number().finite() }).strict();

export const previewPathTool = defineTool({
  name: 'preview_path',
  description:
    'Plan a route on the map without moving: to a named place ({"place": "kitchen entrance"}) or a map point in metres ({"x": 1.5, "z": -2.0}). A target on an obstacle or unexplored cell snaps to the nearest free cell. Returns the route length or \'unreachable\', with the route drawn on the map.',
  schema: z
    .object({ place: z.string().optional(), x: z.number().finite().optional(), z: z.number().finite().optional() })
    .strict()
    .refine((a) => (a.place !== undefined) !== (a.x !== undefined || a.z !== undefined), {
      message: 'give either "place" (a marked name) or both "x" and "z" (metres), not both',
    })
    .refine((a) => a.place !== undefined || (a.x !== undefined && a.z !== undefined), { message: 'a map point needs both "x" and "z"' }),
  async run(args, ctx) {
    const nav = ctx.navigator;
    let target: { x: number; z: number };
    let floor = nav.floor ?? 0;
    let label: string;
    if (args.place !== undefined) {
      const p = nav.places.get(args.place);
      if (!p) {
        const names = nav.places.names();
        return toolError(
          `No place named ${echo(args.place)}. ${names.length ? `Marked places: ${names.join(', ')}.` : 'No place is marked yet; use mark first,'} Or give a map point {"x": …, "z": …}.`,
        );
      }
      target = p.pose;
      floor = p.floor;
      label = `'${p.name}'`;
    } else {
      target = PointSchema.parse({ x: args.x, z: args.z });
      label = `x=${target.x.toFixed(2)}, z=${target.z.toFixed(2)}`;
    }
    const r = nav.plan(target, floor);
    if (r.status !== 'ok') return stateResult(`unreachable: no route to ${label} (${r.reason}).`, ctx);
    const img = nav.render({ floor, zoom: 4, route: r.path });
    const snapped = r.targetSnapped
      ? ` The target was not on a known free cell; the route ends at the nearest free cell, x=${r.target.x.toFixed(2)}, z=${r.target.z.toFixed(2)}.`
      : '';
    return stateResult(`Route to ${label}: ${r.lengthM.toFixed(2)} m over known free cells.${snapped}`, ctx, encodePng(img));
  },
});
