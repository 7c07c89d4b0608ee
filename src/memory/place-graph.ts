/**
 * The place graph (paper 001 A.2): places carry a room label (default: the marker's name) and a floor
 * association; an edge joins each pair of consecutively registered places; an edge between places on
 * different floor layers is a candidate connector, not an observed staircase. Labels and relations
 * only: metric geometry stays in the spatial map, so nothing here holds a coordinate.
 */
import { z } from 'zod';
import { PLACE_GRAPH_FILE } from './layout.js';
import type { Role } from './permissions.js';
import { parseJsonFile } from './schemas.js';
import type { Workspace } from './workspace.js';

const Name = z.string().trim().min(1).max(80);

export const PlaceSchema = z.strictObject({
  name: Name,
  room: Name,
  floor: z.number().int(),
  /** registration sequence number of the place's latest registration */
  registered: z.number().int().nonnegative(),
});
export type Place = z.infer<typeof PlaceSchema>;

export const PlaceEdgeSchema = z.strictObject({
  a: Name,
  b: Name,
  candidate_connector: z.boolean(),
});
export type PlaceEdge = z.infer<typeof PlaceEdgeSchema>;

export const PlaceGraphSchema = z.strictObject({
  places: z.array(PlaceSchema),
  edges: z.array(PlaceEdgeSchema),
  /** the most recently registered place: the next registration is joined to it */
  last: Name.nullable(),
  sequence: z.number().int().nonnegative(),
});
export type PlaceGraph = z.infer<typeof PlaceGraphSchema>;

export const RegistrationSchema = z.object({
  name: Name,
  floor: z.number().int(),
  room: Name.optional(),
});
export type Registration = z.input<typeof RegistrationSchema>;

export function emptyPlaceGraph(): PlaceGraph {
  return { places: [], edges: [], last: null, sequence: 0 };
}

function sameEdge(e: PlaceEdge, a: string, b: string): boolean {
  return (e.a === a && e.b === b) || (e.a === b && e.b === a);
}

/**
 * Registers a place (a new marker, or a re-marked name, which moves it) and joins it to the
 * previously registered place. Returns a new graph; the input is not modified.
 */
export function registerPlace(graph: PlaceGraph, registration: Registration): PlaceGraph {
  const reg = RegistrationSchema.parse(registration);
  const g = structuredClone(graph);
  g.sequence += 1;
  const existing = g.places.find((p) => p.name === reg.name);
  if (existing) {
    existing.floor = reg.floor;
    if (reg.room) existing.room = reg.room;
    existing.registered = g.sequence;
  } else {
    g.places.push({ name: reg.name, room: reg.room ?? reg.name, floor: reg.floor, registered: g.sequence });
  }
  if (g.last !== null && g.last !== reg.name) {
    const prev = g.places.find((p) => p.name === g.last);
    const cross = prev !== undefined && prev.floor !== reg.floor;
    const edge = g.edges.find((e) => sameEdge(e, g.last as string, reg.name));
    if (edge) edge.candidate_connector ||= cross;
    else g.edges.push({ a: g.last, b: reg.name, candidate_connector: cross });
  }
  g.last = reg.name;
  return g;
}

export function candidateConnectors(graph: PlaceGraph): PlaceEdge[] {
  return graph.edges.filter((e) => e.candidate_connector);
}

export function neighbours(graph: PlaceGraph, name: string): string[] {
  return graph.edges.filter((e) => e.a === name || e.b === name).map((e) => (e.a === name ? e.b : e.a));
}

/** The named-place brief given to floor- and house-scope recoveries. */
export function renderPlaceGraph(graph: PlaceGraph): string {
  if (graph.places.length === 0) return 'No places have been marked yet.';
  const floors = [...new Set(graph.places.map((p) => p.floor))].sort((a, b) => a - b);
  const lines: string[] = ['Named places by floor layer (room label in brackets):'];
  for (const f of floors) {
    const ps = graph.places.filter((p) => p.floor === f).sort((a, b) => a.registered - b.registered);
    lines.push(`- floor layer ${f}: ${ps.map((p) => (p.room === p.name ? p.name : `${p.name} [${p.room}]`)).join(', ')}`);
  }
  const same = graph.edges.filter((e) => !e.candidate_connector);
  if (same.length) lines.push(`Consecutively registered (same layer): ${same.map((e) => `${e.a} – ${e.b}`).join('; ')}`);
  const cross = candidateConnectors(graph);
  if (cross.length) {
    lines.push(
      `Candidate connectors between layers (consecutive registrations on different layers, not observed stairs): ${cross
        .map((e) => `${e.a} – ${e.b}`)
        .join('; ')}`,
    );
  }
  return lines.join('\n');
}

const ORCHESTRATOR: Role = { kind: 'orchestrator' };

export function loadPlaceGraph(ws: Workspace): PlaceGraph {
  const text = ws.readRaw(PLACE_GRAPH_FILE);
  if (text === null) return emptyPlaceGraph();
  return parseJsonFile(text, PLACE_GRAPH_FILE, PlaceGraphSchema);
}

export function savePlaceGraph(ws: Workspace, graph: PlaceGraph): void {
  ws.writeOwned(ORCHESTRATOR, PLACE_GRAPH_FILE, JSON.stringify(PlaceGraphSchema.parse(graph), null, 2) + '\n');
}
