/** Every furniture kind by name, in the order the two tables list them. */
import type { FurnitureKind } from './furniture.js';
import { FIXTURES_AND_DECOR } from './furniture-fixtures.js';
import { SEATING_AND_STORAGE } from './furniture-seating.js';

export const KINDS: Record<string, FurnitureKind> = { ...SEATING_AND_STORAGE, ...FIXTURES_AND_DECOR };
