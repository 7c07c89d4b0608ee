/**
 * When a full turn in place (the close check's four stop views, a recovery's look round) takes its views
 * and ends. With exact odometry the turns are counted: 24 × 15°. A base with noisy odometry turns by what
 * its wheels manage: habitat's LoCoBot model adds 0.023 rad (1.3°) in the mean and 0.11 rad (6.3°) σ to
 * every 15° turn (actuation-noise.ts), so 24 counted turns end 31° ± 31° past the start, and the four
 * views drift off the headings they stand for (the last one, meant to face where the body was facing,
 * can miss the goal the agent turned to before claiming). There the turn is closed on the tracker's yaw:
 * a view is taken when the tracked turn reaches its heading, and the turn ends with the last view.
 */
import { FULL_TURN_ACTIONS, TURN_DEG } from './actions.js';

const TURN_RAD = (TURN_DEG * Math.PI) / 180;
/** one action's tracked turn is believed within this (habitat's turn stays within 15° + 1.3° + 3σ ≈ 35°) */
const MOST_PER_ACTION_RAD = 2.5 * TURN_RAD;
/** the turn gives up measuring and takes its remaining views at once after this many actions */
const MOST_ACTIONS = FULL_TURN_ACTIONS + FULL_TURN_ACTIONS / 2;

export interface TurnStep {
  /** this action's view is one of the turn's views */
  view: boolean;
  /** the turn is complete */
  done: boolean;
}

const wrap = (a: number): number => Math.atan2(Math.sin(a), Math.cos(a));

export class TurnGauge {
  private actions = 0;
  private views = 0;
  private turned = 0;
  private readonly wanted: number;

  /**
   * `every`: a view every `every` commanded turns' worth of heading (6: four views). `closed`: measure the
   * turn on the tracker's yaw (a base with noisy odometry); otherwise count actions. `startYaw`: the
   * tracked heading before the first turn (null: not tracked).
   */
  constructor(
    private readonly every: number,
    private readonly closed: boolean,
    private lastYaw: number | null,
  ) {
    this.wanted = Math.floor(FULL_TURN_ACTIONS / every);
  }

  /** After one left turn: the tracked heading now (null while not tracked: the command is taken as done). */
  step(yaw: number | null): TurnStep {
    this.actions++;
    if (!this.closed) {
      const view = this.actions % this.every === 0;
      if (view) this.views++;
      return { view, done: this.actions >= FULL_TURN_ACTIONS };
    }
    // a left turn raises the yaw (by 5 % of the command at least); a small fall is the tracker's error, and
    // a jump beyond what one action can turn (a relocalisation, a loop closed) counts as the command
    const d = yaw === null || this.lastYaw === null ? TURN_RAD : wrap(yaw - this.lastYaw);
    this.turned += d >= -TURN_RAD / 2 && d <= MOST_PER_ACTION_RAD ? Math.max(d, 0) : TURN_RAD;
    this.lastYaw = yaw;
    // a view within half a turn of its heading: the nearest the body gets to it
    const next = (this.views + 1) * this.every * TURN_RAD - TURN_RAD / 2;
    const view = this.views < this.wanted && (this.turned >= next || this.actions >= MOST_ACTIONS);
    if (view) this.views++;
    return { view, done: this.views >= this.wanted };
  }
}
