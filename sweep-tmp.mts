import { generateHouse } from './src/sim/house/generate.ts';
import { SceneNavMesh } from './src/sim/navmesh.ts';
import { goatCandidates } from './src/sim/episodes/goat.ts';
import { generateInstructionEpisodes } from './src/sim/episodes/instruction.ts';
const lo = Number(process.argv[2]), hi = Number(process.argv[3]);
for (let seed = lo; seed <= hi; seed++) {
  try {
    const s = generateHouse(seed);
    const nav = await SceneNavMesh.build(s);
    const bad: string[] = [];
    for (const d of s.doors) {
      const y = s.floors[d.floor].y, off = 0.45;
      const a: [number, number, number] = d.wallAxis === 'x' ? [d.x, y, d.z - off] : [d.x - off, y, d.z];
      const b: [number, number, number] = d.wallAxis === 'x' ? [d.x, y, d.z + off] : [d.x + off, y, d.z];
      if (!(nav.geodesic(a, b) < 1.2)) bad.push(`door${d.index}`);
      if (!(nav.geodesic(s.start.position, b) < Infinity)) bad.push(`door${d.index}-unreachable`);
    }
    const c = goatCandidates(s, nav).length;
    const goals = s.objects.filter(o => o.goal).length;
    generateInstructionEpisodes(s, { kind: 'procedural', seed }, nav, 3, seed);
    console.log(seed, s.floors.length, s.attrs.length / 4, `cands ${c}/${goals}`, bad.join(',') || 'ok');
    nav.destroy();
  } catch (e) { console.log(seed, 'ERROR', (e as Error).message); }
}
