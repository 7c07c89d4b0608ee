/**
 * LOST: tracking lost. Off the stairs the robot turns in place until a view relocalises (or opens a
 * new map). On a flight of stairs that shows only stairwell walls, so a robot there first finishes
 * the flight (forwards along the heading the stairs state kept up it) and, when forwards stop
 * (a collision) or the flight should be over, backs off it (turns round and drives down what it came
 * up), and only then looks around in place. Frames and step results only: no pose while lost.
 */
import type { CoarseAction } from '../../navigator/index.js';
import type { TaskState } from './types.js';

/** turns of forwards that finish a flight (4 × 1 m: a storey's flight is 3–5 m of going) */
const FINISH_TURNS = 4;
/** turns of forwards that take the robot back down off it */
const BACK_TURNS = 3;
const FORWARDS: CoarseAction[] = ['forward', 'forward', 'forward', 'forward'];
const TURN_ROUND: CoarseAction[] = Array.from({ length: 12 }, () => 'left' as const);

/** The step to take while tracking is lost; `collided`: the last step hit something. */
export function lostStep(t: TaskState, collided: boolean): CoarseAction[] {
  if (!t.lostOnFlight) {
    if (t.state !== 'stairs' || !t.stairs?.onFlight) return ['left', 'left'];
    t.lostOnFlight = { phase: 'finish', turns: 0 };
  }
  const l = t.lostOnFlight;
  if (l.phase === 'finish') {
    if (!collided && l.turns++ < FINISH_TURNS) return FORWARDS;
    l.phase = 'back';
    l.turns = 0;
    return TURN_ROUND;
  }
  if (l.phase === 'back' && !collided && l.turns++ < BACK_TURNS) return FORWARDS;
  l.phase = 'look';
  return ['left', 'left'];
}

/** Tracking is back: the next loss on a flight starts afresh. */
export function tracking(t: TaskState): void {
  t.lostOnFlight = null;
}
