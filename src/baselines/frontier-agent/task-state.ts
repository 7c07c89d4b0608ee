/** What the scripted navigation agent remembers about the task in hand; a new goal starts afresh. */
import type { PlanarPoint } from '../../mapping/index.js';

export interface TaskState {
  goalKey: string;
  /** how the goal is recognised: not yet known (get_goal pending), instance ids, or appearance */
  perception: 'pending' | 'ids' | 'image';
  /** image goals: the similarity of the view that placed the current target */
  matched: number | null;
  lookTurns: number;
  ignore: PlanarPoint[];
  target: PlanarPoint | null;
  stuck: number;
  rejected: PlanarPoint[];
  handoverWritten: boolean;
  approaching: boolean;
  closing: { evidence: string | null } | null;
  /** frontiers exhausted: visiting places where no look-around was taken */
  coverage: boolean;
  arrived: boolean;
  lookedFrom: PlanarPoint[];
  searched: string[];
  marks: number;
}

/** A fresh task; with an appearance matcher the goal's kind is learnt from get_goal first. */
export function newTaskState(goalKey: string, matchesImages: boolean): TaskState {
  return { goalKey, perception: matchesImages ? 'pending' : 'ids', matched: null, lookTurns: 0, ignore: [], target: null, stuck: 0, rejected: [], handoverWritten: false, approaching: false, closing: null, coverage: false, arrived: false, lookedFrom: [], searched: [], marks: 0 };
}
