import { generateHouse } from './src/sim/house/generate.ts';
import { Renderer } from './src/sim/render/renderer.ts';
const scene = generateHouse(5);
const byKind: Record<string, number> = {};
for (const tx of scene.textures) byKind[tx.spec.kind] = (byKind[tx.spec.kind] ?? 0) + tx.width * tx.height;
console.log(scene.textures.length, byKind, Object.values(byKind).reduce((a,b)=>a+b,0));
let t = performance.now(); const r = await Renderer.create(scene); console.log('create ms', performance.now() - t);
