/**
 * The long-term memory of one house, kept apart from every run (issue 16): house notes, saved maps
 * and the experience archive (house-memory-files.ts). A run works on a copy (its `house/` folder
 * and run directory); at its end, after consolidation, the house memory is replaced as a whole: the
 * new generation is written into a private folder, renamed into place, and only then does the
 * manifest name it — a crash at any moment leaves either the old generation or the new one. The
 * folder is locked while a run uses it, and a memory of another house, pose source or format version
 * is refused with a message saying what it is.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { atomicWriteFile } from './atomic.js';
import { type DirLock, lockDirectory } from './dir-lock.js';
import { ARCHIVE_RUN_RE, archivedHandoverPath, EMPTY_CONTENTS, type HouseMemoryContents, readContents, writeContents } from './house-memory-files.js';
import { HOUSE_MOUNT, HOUSE_NOTE_FILES, STATE_DIR } from './layout.js';
import { formatZodError } from './schemas.js';
import { WRITE_LIMIT_CHARS } from './workspace.js';

export const HOUSE_MEMORY_VERSION = 1;
export const HOUSE_MEMORY_MANIFEST = 'house-memory.json';
const GEN_RE = /^gen-(\d{6})$/;
const genName = (n: number): string => `gen-${String(n).padStart(6, '0')}`;
const PARTIAL = '.partial-';

export const HouseMemoryRunSchema = z.strictObject({
  /** the run's name in the archive */
  name: z.string().regex(ARCHIVE_RUN_RE, 'a run name like run-001'),
  /** the deployment that ran it and its index there (a resumed deployment skips committed runs) */
  deployment: z.string().regex(/^[0-9a-f]{16,64}$/, 'a hexadecimal deployment id'),
  index: z.number().int().positive(),
  tasks: z.number().int().nonnegative(),
  consolidated: z.boolean(),
  saved_maps: z.boolean(),
  committed_at: z.iso.datetime(),
});
export type HouseMemoryRun = z.infer<typeof HouseMemoryRunSchema>;

export const HouseMemoryManifestSchema = z.strictObject({
  version: z.literal(HOUSE_MEMORY_VERSION),
  /** the house spec the memory belongs to ('seed:3', a scene path) */
  house: z.string().min(1),
  /** the pose source whose map is saved ('slam' or 'ground-truth') */
  pose_source: z.string().min(1),
  // a manifest is written by a commit only: it names generation 1 or later
  generation: z.number().int().positive(),
  runs: z.array(HouseMemoryRunSchema).max(1_000_000),
});
export type HouseMemoryManifest = z.infer<typeof HouseMemoryManifestSchema>;

export interface HouseMemoryIdentity {
  house: string;
  poseSource: string;
}

/** What a crashed commit leaves in a memory's folder besides the lock: generation and partial folders. */
const isCommitLeftover = (f: string): boolean => GEN_RE.test(f) || (f.startsWith('gen-') && f.includes(PARTIAL));

/**
 * The manifest of `dir`, checked for version, house and pose source, and against the generations on
 * disk; null for a new memory (also one whose first commit was killed before its manifest).
 */
function readManifest(dir: string, who: HouseMemoryIdentity): HouseMemoryManifest | null {
  const path = join(dir, HOUSE_MEMORY_MANIFEST);
  if (!existsSync(path)) {
    const other = readdirSync(dir).filter((f) => f !== STATE_DIR && !isCommitLeftover(f));
    if (other.length)
      throw new Error(
        `${dir} is not a house memory (no ${HOUSE_MEMORY_MANIFEST}) and not empty (${other.slice(0, 3).join(', ')}${other.length > 3 ? ', …' : ''}); give an empty or new directory, or one written by navharness deploy`,
      );
    return null;
  }
  if (!lstatSync(path).isFile()) throw new Error(`${path} is not a regular file (a link, say); a house memory's files are its own`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new Error(`${path} is not JSON: ${(e as Error).message}`);
  }
  const version = (raw as { version?: unknown } | null)?.version;
  if (version !== HOUSE_MEMORY_VERSION)
    throw new Error(
      `${dir} is a house memory of format version ${JSON.stringify(version)}; this build reads version ${HOUSE_MEMORY_VERSION} only: give another --house-memory`,
    );
  // whose memory it is comes first: a memory of another house is named as such even when malformed
  const { house, pose_source } = raw as { house?: unknown; pose_source?: unknown };
  if (typeof house === 'string' && house !== who.house)
    throw new Error(`${dir} is the memory of house '${house}', not of '${who.house}': give the --house it was made in, or another --house-memory`);
  if (typeof pose_source === 'string' && pose_source !== who.poseSource)
    throw new Error(`${dir} keeps the map of pose source '${pose_source}', not '${who.poseSource}': give --pose ${pose_source}, or another --house-memory`);
  const r = HouseMemoryManifestSchema.safeParse(raw);
  if (!r.success) throw new Error(`${path} is malformed: ${formatZodError(r.error)}`);
  const m = r.data;
  const problem = manifestProblem(m) ?? generationsProblem(dir, m);
  if (problem) throw new Error(`${path} does not match the memory: ${problem}; the memory was left as it is`);
  return m;
}

/** Each commit adds one run and one generation: run k is named run-00k, and each deployment's run once. */
function manifestProblem(m: HouseMemoryManifest): string | null {
  if (m.runs.length !== m.generation) return `it names generation ${m.generation} but lists ${m.runs.length} committed runs (each commit adds one of each)`;
  const seen = new Set<string>();
  for (const [i, r] of m.runs.entries()) {
    const name = runName(i + 1);
    if (r.name !== name) return `committed run ${i + 1} is named ${r.name}, expected ${name}`;
    const key = `${r.deployment}#${r.index}`;
    if (seen.has(key)) return `run ${r.index} of deployment ${r.deployment} is listed twice`;
    seen.add(key);
  }
  return null;
}

/** The generation folders on disk against the manifest: its own, at most one newer left by a crash, no link. */
function generationsProblem(dir: string, m: HouseMemoryManifest): string | null {
  const own = join(dir, genName(m.generation));
  if (!existsSync(own)) return `it names ${genName(m.generation)}, which is missing`;
  for (const f of readdirSync(dir)) {
    const g = GEN_RE.exec(f);
    if (!g) continue;
    if (!lstatSync(join(dir, f)).isDirectory()) return `${f} is not a folder (a link, say)`;
    if (Number(g[1]) > m.generation + 1) return `${f} is on disk, newer than the named ${genName(m.generation)} by more than a crashed commit can leave`;
  }
  const archived = existsSync(join(own, 'archive')) ? readdirSync(join(own, 'archive')).sort() : [];
  const listed = m.runs.map((r) => r.name);
  if (archived.join() !== listed.join())
    return `${genName(m.generation)}/archive holds ${archived.length ? archived.join(', ') : 'no run'}, the manifest lists ${listed.length ? listed.join(', ') : 'none'}`;
  return null;
}

const runName = (n: number): string => `run-${String(n).padStart(3, '0')}`;

export class HouseMemory {
  private constructor(
    readonly dir: string,
    private readonly lock: DirLock,
    private readonly who: HouseMemoryIdentity,
    private manifestNow: HouseMemoryManifest | null,
  ) {}

  /** Opens (creating) the house memory in `dir` under its lock; the lock is released on a refusal. */
  static open(dir: string, who: HouseMemoryIdentity): HouseMemory {
    const abs = resolve(dir);
    mkdirSync(abs, { recursive: true });
    const lock = lockDirectory(abs, 'deployment (house memory)');
    try {
      const m = readManifest(abs, who);
      const hm = new HouseMemory(abs, lock, who, m);
      hm.removeStale();
      return hm;
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  get manifest(): HouseMemoryManifest {
    return this.manifestNow ?? { version: HOUSE_MEMORY_VERSION, house: this.who.house, pose_source: this.who.poseSource, generation: 0, runs: [] };
  }

  /** The committed entry of run `index` of deployment `deployment`, if it was committed. */
  committed(deployment: string, index: number): HouseMemoryRun | null {
    return this.manifest.runs.find((r) => r.deployment === deployment && r.index === index) ?? null;
  }

  /** The archive name the next committed run gets. */
  nextRunName(): string {
    return runName(this.manifest.runs.length + 1);
  }

  /** The current generation's contents, validated. */
  load(): HouseMemoryContents {
    const g = this.manifest.generation;
    return g === 0 ? EMPTY_CONTENTS : readContents(join(this.dir, genName(g)), WRITE_LIMIT_CHARS);
  }

  /**
   * Replaces the memory by `contents` as one step, recording `run`: written into a private folder,
   * renamed to the next generation, then named by the manifest; older generations are removed.
   */
  commit(run: Omit<HouseMemoryRun, 'committed_at'>, contents: HouseMemoryContents, hooks: { afterRename?: () => void } = {}): HouseMemoryManifest {
    const cur = this.manifest;
    const next = cur.generation + 1;
    if (run.name !== this.nextRunName()) throw new Error(`the next committed run of ${this.dir} is ${this.nextRunName()}, not ${run.name}`);
    if (this.committed(run.deployment, run.index)) throw new Error(`run ${run.index} of deployment ${run.deployment} is already committed to ${this.dir}`);
    const names = contents.archive.map((r) => r.name);
    const expected = [...cur.runs.map((r) => r.name), run.name];
    if (names.join() !== expected.join())
      throw new Error(`a commit of ${run.name} to ${this.dir} must archive ${expected.join(', ')}; the contents archive ${names.join(', ') || 'no run'}`);
    const partial = join(this.dir, `${genName(next)}${PARTIAL}${randomBytes(6).toString('hex')}`);
    writeContents(partial, contents);
    const final = join(this.dir, genName(next));
    // a generation folder that no manifest names: left by a crash between rename and manifest
    rmSync(final, { recursive: true, force: true });
    renameSync(partial, final);
    hooks.afterRename?.();
    const entry = HouseMemoryRunSchema.parse({ ...run, committed_at: new Date().toISOString() });
    const manifest = HouseMemoryManifestSchema.parse({ ...cur, generation: next, runs: [...cur.runs, entry] });
    atomicWriteFile(join(this.dir, HOUSE_MEMORY_MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
    this.manifestNow = manifest;
    this.removeStale();
    return manifest;
  }

  /** Generation folders the manifest does not name and partial folders of crashed commits. */
  private removeStale(): void {
    const keep = genName(this.manifest.generation);
    for (const f of readdirSync(this.dir)) {
      if (isCommitLeftover(f) && f !== keep) rmSync(join(this.dir, f), { recursive: true, force: true });
    }
  }

  release(): void {
    this.lock.release();
  }
}

/**
 * Copies the notes and the archive into a run's house folder (`house/` of its workspace), replacing
 * what a crashed earlier attempt of the same run left there: the run starts from the memory as
 * committed. The maps go to the navigator and the place graph, not here.
 */
export function seedRunHouse(houseDir: string, c: HouseMemoryContents): void {
  mkdirSync(houseDir, { recursive: true });
  for (const f of HOUSE_NOTE_FILES) rmSync(join(houseDir, f), { force: true });
  for (const n of c.notes) atomicWriteFile(join(houseDir, n.file), n.text);
  rmSync(join(houseDir, 'archive'), { recursive: true, force: true });
  for (const run of c.archive) {
    if (run.ledger !== null) atomicWriteFile(join(houseDir, 'archive', run.name, 'ledger.md'), run.ledger);
    for (const h of run.handovers) atomicWriteFile(join(houseDir, archivedHandoverPath(run.name, h.task)), h.text);
  }
}

/**
 * The last handover the memory's archive holds, as a session names it (`house/archive/…`): the first
 * task of the next run reads it as the previous task's. Null when no run left one.
 */
export function lastArchivedHandover(c: HouseMemoryContents): string | null {
  const run = [...c.archive].reverse().find((r) => r.handovers.length > 0);
  const h = run?.handovers.at(-1);
  return run && h ? `${HOUSE_MOUNT}/${archivedHandoverPath(run.name, h.task)}` : null;
}
