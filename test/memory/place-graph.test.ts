import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  candidateConnectors,
  emptyPlaceGraph,
  loadPlaceGraph,
  neighbours,
  registerPlace,
  renderPlaceGraph,
  savePlaceGraph,
  type PlaceGraph,
  type Registration,
} from '../../src/memory/index.js';
import { tempWorkspace } from './helpers.js';

function build(regs: Registration[]): PlaceGraph {
  return regs.reduce(registerPlace, emptyPlaceGraph());
}

describe('place graph', () => {
  it('room label defaults to the marker name; floor is recorded', () => {
    const g = build([
      { name: 'hall', floor: 0 },
      { name: 'sofa_corner', floor: 0, room: 'living room' },
    ]);
    expect(g.places).toEqual([
      { name: 'hall', room: 'hall', floor: 0, registered: 1 },
      { name: 'sofa_corner', room: 'living room', floor: 0, registered: 2 },
    ]);
  });

  it('edges join consecutively registered places only', () => {
    const g = build([
      { name: 'a', floor: 0 },
      { name: 'b', floor: 0 },
      { name: 'c', floor: 0 },
    ]);
    expect(g.edges).toEqual([
      { a: 'a', b: 'b', candidate_connector: false },
      { a: 'b', b: 'c', candidate_connector: false },
    ]);
    expect(neighbours(g, 'b').sort()).toEqual(['a', 'c']);
    expect(neighbours(g, 'a')).toEqual(['b']);
  });

  it('an edge across floor layers is a candidate connector', () => {
    const g = build([
      { name: 'stairs_bottom', floor: 0 },
      { name: 'landing', floor: 1 },
      { name: 'bedroom', floor: 1 },
    ]);
    expect(candidateConnectors(g)).toEqual([{ a: 'stairs_bottom', b: 'landing', candidate_connector: true }]);
    const text = renderPlaceGraph(g);
    expect(text).toContain('floor layer 0: stairs_bottom');
    expect(text).toContain('floor layer 1: landing, bedroom');
    expect(text).toMatch(/Candidate connectors.*not observed stairs.*stairs_bottom – landing/);
    expect(text).not.toMatch(/\d+\.\d+/); // no metric geometry in the graph brief
  });

  it('re-marking a name moves it, adds no duplicate place or edge, and joins it to the previous place', () => {
    const g = build([
      { name: 'a', floor: 0 },
      { name: 'b', floor: 0 },
      { name: 'a', floor: 0 },
      { name: 'b', floor: 0 },
      { name: 'b', floor: 0 },
    ]);
    expect(g.places.map((p) => p.name)).toEqual(['a', 'b']);
    expect(g.edges).toEqual([{ a: 'a', b: 'b', candidate_connector: false }]);
    expect(g.places.find((p) => p.name === 'b')?.registered).toBe(5);
  });

  it('registerPlace is pure and validates its input', () => {
    const g0 = build([{ name: 'a', floor: 0 }]);
    const copy = structuredClone(g0);
    registerPlace(g0, { name: 'b', floor: 1 });
    expect(g0).toEqual(copy);
    expect(() => registerPlace(g0, { name: '', floor: 0 })).toThrow();
    expect(() => registerPlace(g0, { name: 'x', floor: 0.5 })).toThrow();
  });

  describe('persistence', () => {
    let env: ReturnType<typeof tempWorkspace>;
    beforeEach(() => {
      env = tempWorkspace();
    });
    afterEach(() => env.cleanup());

    it('saves atomically and loads back; sessions may read but not write it', () => {
      expect(loadPlaceGraph(env.ws)).toEqual(emptyPlaceGraph());
      const g = build([
        { name: 'hall', floor: 0 },
        { name: 'landing', floor: 1 },
      ]);
      savePlaceGraph(env.ws, g);
      expect(loadPlaceGraph(env.ws)).toEqual(g);
      const actor = env.ws.access({ kind: 'actor', handover: 'tasks/task-001/handover.md' });
      expect(actor.read('places/graph.json').ok).toBe(true);
      expect(actor.write('places/graph.json', '{}').ok).toBe(false);
    });
  });
});
