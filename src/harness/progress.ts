/** The navigator's progress measures the recovery signals compare against a checkpoint (ΔA, ΔE, floors). */
import type { Navigator } from '../navigator/index.js';
import type { Checkpoint } from './task-state.js';

export const exploredArea = (nav: Navigator): number => nav.map.floors().reduce((s, f) => s + nav.map.exploredArea(f.id), 0);

/** markers created or moved so far (ΔE counts new observations of places too) */
export const markerEvents = (nav: Navigator): number => nav.places.list().reduce((s, p) => s + 1 + p.moves, 0);

export const checkpointOf = (nav: Navigator): Checkpoint => ({ area: exploredArea(nav), markers: markerEvents(nav), floors: nav.map.floors().length });
