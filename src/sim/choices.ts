/**
 * The simulator's light surface: the house references and the seed rule every command line takes,
 * importing nothing but the geometry layer's zod, so that a command's flag table reads them without
 * loading the renderer or the navmesh.
 */
export { type HouseRef, HouseRefSchema, HouseSeedSchema, MAX_HOUSE_SEED } from './episodes/schema.js';
