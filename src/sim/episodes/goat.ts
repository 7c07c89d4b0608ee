/**
 * GOAT-style sequences: 5–10 goals per sequence in one house, each an object category, a language
 * description of one instance, or a photograph of one instance; each goal starts where the previous
 * ended (the generator chains through the nearest success viewpoint, so every goal is reachable).
 */
import type { Vec3 } from '../../geometry/index.js';
import type { SceneNavMesh } from '../navmesh.js';
import type { Renderer } from '../render/renderer.js';
import { Rng } from '../random.js';
import type { Scene, SceneObject } from '../scene.js';
import type { GoatEpisode, GoatGoal, HouseRef, Pose2 } from './schema.js';
import { describeInstance, photographViewpoint, successViewpoints } from './sites.js';

interface Candidate {
  o: SceneObject;
  viewpoints: Vec3[];
  view?: Pose2 | null;
}

export interface GoatOptions {
  minGoals?: number;
  maxGoals?: number;
}

export function goatCandidates(scene: Scene, nav: SceneNavMesh, renderer: Renderer): Candidate[] {
  return scene.objects
    .filter((o) => o.goal && !o.structural)
    .map((o) => ({ o, viewpoints: successViewpoints(nav, o, scene.start.position, scene.floors[o.floor].y, renderer) }))
    .filter((c) => c.viewpoints.length > 0);
}

/** The point of `pts` nearest to `from` along the navmesh, and its geodesic distance (Infinity when none is reachable). */
function nearestByGeodesic(nav: SceneNavMesh, from: Vec3, pts: Vec3[]): { point: Vec3; d: number } {
  let best = pts[0],
    bd = Infinity;
  for (const p of pts) {
    const d = nav.geodesic(from, p);
    if (d < bd) {
      bd = d;
      best = p;
    }
  }
  return { point: best, d: bd };
}

/**
 * `cands`, when the caller has them already (they cost a render per viewpoint), must be goatCandidates'
 * of the same scene: the episodes are the same either way.
 */
export function generateGoatEpisodes(
  scene: Scene,
  house: HouseRef,
  nav: SceneNavMesh,
  renderer: Renderer,
  count: number,
  seed: number,
  opts: GoatOptions = {},
  cands: Candidate[] = goatCandidates(scene, nav, renderer),
): GoatEpisode[] {
  const rng = new Rng(seed);
  if (cands.length < 5) throw new Error(`house '${scene.name}' has only ${cands.length} reachable goal instances; a GOAT sequence needs at least 5`);
  // a description must single out its instance: ambiguous ones fall back to image or object goals
  const descriptions = new Map<number, string>();
  const descCount = new Map<string, number>();
  for (const o of scene.objects.filter((q) => q.goal)) {
    const d = describeInstance(scene, o);
    descriptions.set(o.id, d);
    descCount.set(d, (descCount.get(d) ?? 0) + 1);
  }
  const byCategory = new Map<string, Candidate[]>();
  for (const c of cands) byCategory.set(c.o.category, [...(byCategory.get(c.o.category) ?? []), c]);
  const nearest = (from: Vec3, pts: Vec3[]) => nearestByGeodesic(nav, from, pts);
  const episodes: GoatEpisode[] = [];
  for (let m = 0; m < count; m++) {
    const er = rng.fork(`episode${m}`);
    const startCand = er.pick(cands);
    const start: Pose2 = { position: er.pick(startCand.viewpoints), yaw: er.range(-Math.PI, Math.PI) };
    const n = er.int(opts.minGoals ?? 5, Math.min(opts.maxGoals ?? 10, cands.length));
    const used = new Set<number>();
    const goals: GoatGoal[] = [];
    let at = start.position;
    for (let k = 0; k < n; k++) {
      let chosen: Candidate | null = null;
      let shortest = 0;
      for (let tries = 0; tries < 30 && !chosen; tries++) {
        const c = er.pick(cands);
        if (used.has(c.o.id)) continue;
        const d = nearest(at, c.viewpoints).d;
        if (!Number.isFinite(d) || (d < 1.5 && tries < 25)) continue;
        chosen = c;
        shortest = d;
      }
      if (!chosen) break;
      used.add(chosen.o.id);
      const o = chosen.o;
      let type: 'object' | 'description' | 'image' = er.pick(['object', 'description', 'image'] as const);
      const unique = descCount.get(descriptions.get(o.id)!) === 1;
      if (type === 'description' && !unique) type = 'image';
      if (type === 'image') {
        if (chosen.view === undefined) chosen.view = photographViewpoint(scene, nav, renderer, o, scene.start.position, er.fork(`view${o.id}`));
        if (!chosen.view) type = unique ? 'description' : 'object';
      }
      const base = { category: o.category, floor: o.floor, successRadius: 1.0 };
      if (type === 'object') {
        const all = byCategory.get(o.category)!;
        goals.push({ type, ...base, instanceIds: all.map((c) => c.o.id), viewpoints: all.flatMap((c) => c.viewpoints).slice(0, 32) });
        at = nearest(
          at,
          all.flatMap((c) => c.viewpoints),
        ).point;
      } else {
        const common = { ...base, instanceIds: [o.id], viewpoints: chosen.viewpoints };
        goals.push(type === 'image' ? { type, ...common, view: chosen.view! } : { type: 'description', ...common, description: descriptions.get(o.id)! });
        at = nearest(at, chosen.viewpoints).point;
      }
      void shortest;
    }
    episodes.push({ id: `goat-${scene.name.replace(/[^a-z0-9]+/gi, '')}-${m}`, kind: 'goat', house, start, goals });
  }
  return episodes;
}
