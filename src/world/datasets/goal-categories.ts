/**
 * GOAT-Bench goal ids (`{category}_{id}`) checked against a scene's HM3D semantic annotations: the id
 * names a `.semantic.txt` instance, whose category should be the goal's. GOAT-Bench's categories and
 * HM3D's annotation names are written by different people, so some agree only as near-matches:
 * the same thing under another name (a synonym group below), or the annotation adding a modifier to
 * the goal's word ("led tv" for "tv", "kitchen lower cabinet" for "cabinet"). Anything else is a
 * mismatch: the id points at an object of another category, and a run would score the wrong object.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseSemanticTxt, type SemanticInstance } from '../../sim/node.js';

/** Names of one thing, as GOAT-Bench and HM3D annotations use them. */
export const CATEGORY_SYNONYMS: readonly (readonly string[])[] = [
  ['nightstand', 'night stand', 'night table', 'bedside table'],
  ['bathtub', 'bath', 'tub', 'bath tub'],
  ['couch', 'sofa'],
  ['tv', 'television', 'tv screen', 'tv monitor'],
  ['refrigerator', 'fridge'],
  ['plant', 'potted plant', 'house plant', 'flowerpot', 'flower pot'],
  ['picture', 'painting', 'poster', 'photo', 'framed picture'],
  ['chest of drawers', 'dresser', 'drawers'],
  ['trash can', 'trash bin', 'garbage can', 'garbage bin', 'wastebasket', 'waste bin', 'bin'],
  ['sink', 'washbasin', 'basin'],
  ['rug', 'carpet'],
  ['wardrobe', 'closet', 'armoire'],
  ['shelf', 'shelves', 'bookshelf', 'book shelf', 'bookcase'],
  ['desk', 'table desk', 'work desk'],
  ['toilet', 'wc'],
];

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[_\-]+/g, ' ')
    .replace(/[^a-z0-9 /]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const synonymGroup = new Map<string, number>(CATEGORY_SYNONYMS.flatMap((g, i) => g.map((n) => [n, i] as const)));
const words = (s: string) => new Set(s.split(' ').filter(Boolean));

export type CategoryAgreement = 'same' | 'synonym' | 'mismatch';

/** How a goal's category agrees with an annotation's ('tv/monitor'-style annotations name alternatives). */
export function categoryAgreement(goal: string, annotation: string): CategoryAgreement {
  const g = norm(goal);
  const alternatives = norm(annotation)
    .split('/')
    .map((a) => a.trim())
    .filter(Boolean);
  if (alternatives.includes(g)) return 'same';
  for (const a of alternatives) {
    const gg = synonymGroup.get(g),
      ga = synonymGroup.get(a);
    if (gg !== undefined && gg === ga) return 'synonym';
    // one name is the other with modifiers ("led tv", "tv led" for "tv")
    const wg = words(g),
      wa = words(a);
    const within = (x: Set<string>, y: Set<string>) =>
      [...x].every((w) => y.has(w) || (synonymGroup.has(w) && [...y].some((v) => synonymGroup.get(v) === synonymGroup.get(w))));
    if (within(wg, wa) || within(wa, wg)) return 'synonym';
  }
  return 'mismatch';
}

export interface GoalIdCheck {
  scene: string;
  objectId: string;
  category: string;
  /** the annotation's category, or null when the id is not among the annotated instances */
  annotation: string | null;
  agreement: CategoryAgreement | 'absent';
}

/** The annotation number of a GOAT object id (`pillow_608` → 608), or null. */
const semanticIdOf = (objectId: string) => {
  const m = /_(\d+)$/.exec(objectId);
  return m ? Number(m[1]) : null;
};

/** Checks each (object id, category) against the instances of one scene's `.semantic.txt`. */
export function checkGoalIds(scene: string, goals: Iterable<{ objectId: string; category: string }>, instances: readonly SemanticInstance[]): GoalIdCheck[] {
  const byId = new Map(instances.map((s) => [s.id, s.category]));
  const seen = new Set<string>();
  const out: GoalIdCheck[] = [];
  for (const g of goals) {
    if (seen.has(g.objectId)) continue;
    seen.add(g.objectId);
    const id = semanticIdOf(g.objectId);
    const annotation = id === null ? null : (byId.get(id) ?? null);
    out.push({
      scene,
      objectId: g.objectId,
      category: g.category,
      annotation,
      agreement: annotation === null ? 'absent' : categoryAgreement(g.category, annotation),
    });
  }
  return out;
}

/** The stem of a scene path: 'hm3d/val/00800-X/X.basis.glb' → 'X'. */
export const sceneStem = (scene: string) =>
  basename(scene)
    .replace(/(\.basis)?\.glb$/i, '')
    .replace(/\.stage_config\.json$/i, '');

/**
 * Where a scene's `.semantic.txt` is: beside the scene under the scenes folder (HM3D's
 * semantic-annots package), else `<semantic>/<stem>.semantic.txt` or `<semantic>` itself when it is
 * that file. Returns the first that exists, or null with the place it was expected.
 */
export function semanticTxtOf(scene: string, scenesDir: string | null, semantic: string | null): { path: string | null; expected: string } {
  const stem = sceneStem(scene);
  const candidates: string[] = [];
  if (scenesDir) candidates.push(join(scenesDir, dirname(scene), `${stem}.semantic.txt`));
  if (semantic) candidates.push(/\.semantic\.txt$/i.test(semantic) ? semantic : join(semantic, `${stem}.semantic.txt`));
  const path = candidates.find((c) => existsSync(c) && basename(c).startsWith(`${stem}.`)) ?? null;
  return { path, expected: candidates[0] ?? `${stem}.semantic.txt` };
}

/** Reads a `.semantic.txt`; errors name the file. */
export function readSemanticTxt(path: string): SemanticInstance[] {
  return parseSemanticTxt(readFileSync(path, 'utf8'), path);
}
