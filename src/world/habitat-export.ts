/**
 * A procedural house written as a Habitat scene dataset (`navharness sim export --format habitat`):
 * the simulator's exporter, which the command line reaches through the world layer.
 */
export { DATASET_NAME, exportHabitatHouse, type HabitatExportOptions } from '../sim/node.js';
