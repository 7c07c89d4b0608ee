/** `navharness/sim` on Node: the simulator (sim.ts) plus houses loaded from .glb/.gltf files. */
export * from './sim.js';
export { loadHouse } from '../sim/node.js';
