import { generateHouse } from './src/sim/house/generate.ts';
import { SceneNavMesh } from './src/sim/navmesh.ts';
for (let seed = 1; seed <= 8; seed++) {
  const s = generateHouse(seed);
  let line = `${seed} floors ${s.floors.length} tris ${s.attrs.length / 4}`;
  if (s.floors.length === 2) {
    const nav = await SceneNavMesh.build(s);
    for (const d of s.doors.filter(d => d.floor === 1 || s.rooms[d.rooms[1]].type === 'staircase')) {
      const y = s.floors[d.floor].y;
      const a: [number, number, number] = d.wallAxis === 'x' ? [d.x, y, d.z - 0.45] : [d.x - 0.45, y, d.z];
      const b: [number, number, number] = d.wallAxis === 'x' ? [d.x, y, d.z + 0.45] : [d.x + 0.45, y, d.z];
      const g = nav.geodesic(a, b), fromStart = nav.geodesic(s.start.position, b);
      line += ` | d${d.index}(f${d.floor}) ${g.toFixed(2)} start→ ${fromStart.toFixed(1)}`;
    }
    nav.destroy();
  }
  console.log(line);
}
