/**
 * The labels a stage written by `sim export` carries in glTF `extras`, read back so that a house
 * loaded from its files is labelled as the generated one was: per node the object's room, colour and
 * goal/structure flags, and on the glTF scene the rooms (type, name, floor and rectangle in the y-up
 * world frame, metres). These are what the offline agents' ground-truth perception reads (rooms and
 * colours name instruction landmarks). Other tools' extras are arbitrary: anything that does not
 * match is ignored, and a scan without them loads unlabelled as before.
 */
import { z } from '../geometry/index.js';
import type { Room, RoomType, SceneObject } from './scene.js';

/** glTF scene `extras` key holding the rooms. */
export const ROOMS_EXTRA = 'navharnessRooms';

const ROOM_TYPES: readonly RoomType[] = ['living room', 'kitchen', 'bedroom', 'bathroom', 'hallway', 'office', 'dining room', 'staircase'];

const NodeLabelsSchema = z.looseObject({
  room: z.optional(z.nullable(z.int().check(z.nonnegative()))),
  colour: z.optional(z.nullable(z.string())),
  goal: z.optional(z.boolean()),
  structural: z.optional(z.boolean()),
});

const RoomSchema = z.object({
  index: z.int().check(z.nonnegative()),
  type: z.enum(ROOM_TYPES as [RoomType, ...RoomType[]]),
  name: z.string().check(z.minLength(1)),
  floor: z.int().check(z.nonnegative()),
  x0: z.number(),
  z0: z.number(),
  x1: z.number(),
  z1: z.number(),
});

/** A node's object labels from its extras (none when they are not ours). */
export function objectLabelsOf(extras: unknown): Partial<Pick<SceneObject, 'room' | 'colour' | 'goal' | 'structural'>> {
  const r = NodeLabelsSchema.safeParse(extras);
  if (!r.success) return {};
  const { room, colour, goal, structural } = r.data;
  return {
    ...(room !== undefined ? { room } : {}),
    ...(colour ? { colour } : {}),
    ...(goal !== undefined ? { goal } : {}),
    ...(structural !== undefined ? { structural } : {}),
  };
}

/** The rooms of a glTF scene's extras, numbered 0..n−1 in order; [] when absent or not ours. */
export function roomsOf(extras: unknown): Room[] {
  const list = (extras as Record<string, unknown> | null | undefined)?.[ROOMS_EXTRA];
  const r = z.array(RoomSchema).safeParse(list);
  if (!r.success || r.data.some((room, k) => room.index !== k)) return [];
  return r.data;
}
