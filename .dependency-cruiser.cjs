/**
 * The layering of docs/architecture.md, enforced: a module imports only from the layers below it.
 * `npm run depcruise` fails with the rule's name on any forbidden import; .ci/run runs it.
 *
 * Layers, bottom to top. Folders on one line are peers: they import from lower lines only, except
 * the peer edges listed in PEER_EDGES.
 */
const LAYERS = [
  // runtime: optional packages imported on first use (src/runtime/optional-package.ts)
  ['runtime'],
  ['image', 'geometry', 'wasm'],
  ['sim'],
  ['body', 'perception', 'mapping'],
  ['navigator'],
  ['world'],
  ['memory'],
  ['prompts', 'models', 'tools'],
  ['harness'],
  // offline agents and oracles implement the harness's roles (Model, Judge, PlaceMatcher); only
  // evaluation and the VLN runner compose them, so nothing below imports a baseline
  ['baselines'],
  ['vln'],
  ['eval'],
  // queue: the distributed eval on Redis (BullMQ) over eval's sequence runner and aggregation
  ['report', 'mcp', 'queue'],
  // the command line's handlers, loaded by src/cli.ts; the package's entry points (package.json
  // "exports": navharness, navharness/core, navharness/sim), which nothing in src/ imports
  ['commands', 'entry'],
];

/** Same-line imports the architecture allows (from → to). */
const PEER_EDGES = [
  // the acting model's tools describe the navigator's state in words the prompts also use
  ['tools', 'prompts'],
  ['tools', 'models'],
  ['prompts', 'models'],
  // the mapping layer asks the tracker nothing; perception knows nothing of mapping: no edges there
];

const rank = new Map();
LAYERS.forEach((line, i) => line.forEach((f) => rank.set(f, i)));
const folders = [...rank.keys()];

/** Folders ranked above `f`, minus the allowed peers. */
function forbiddenFor(f) {
  const r = rank.get(f);
  const peers = new Set(PEER_EDGES.filter(([a]) => a === f).map(([, b]) => b));
  return folders.filter((g) => g !== f && rank.get(g) >= r && !peers.has(g));
}

const layerRules = folders
  .map((f) => ({ f, up: forbiddenFor(f) }))
  .filter(({ up }) => up.length > 0)
  .map(({ f, up }) => ({
    name: `layer-${f}`,
    comment: `src/${f}/ imports only from the layers below it (docs/architecture.md)`,
    severity: 'error',
    from: { path: `^src/${f}/` },
    to: { path: `^src/(${up.join('|')})/` },
  }));

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'through-layer-index',
      comment:
        "another layer is imported through its index.ts (its public surface), node.ts (its Node-only surface) or choices.ts (its light surface: enums, schemas and defaults), never a file inside it; src/sim/scene-read.ts is the simulator's scene reading without Node, which the browser demo loads lazily; src/eval/trajectory-errors.ts is ATE and RPE without the runners, and src/report/ate-plot.ts the ATE plot without the run reports, which `navharness ate` loads",
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: {
        path: '^src/[^/]+/',
        pathNot: ['^src/$1/', '^src/[^/]+/(index|node|choices)\\.ts$', '^src/sim/scene-read\\.ts$', '^src/eval/trajectory-errors\\.ts$', '^src/report/ate-plot\\.ts$'],
      },
    },
    {
      name: 'choices-are-light',
      comment: "a layer's choices.ts is read by the command line's flag tables before any layer loads: it imports zod and other layers' choices.ts, never a layer's index.ts or node.ts",
      severity: 'error',
      from: { path: '^src/[^/]+/choices\\.ts$' },
      to: { path: '^src/[^/]+/(index|node)\\.ts$' },
    },
    {
      name: 'cli-is-the-top',
      comment: 'nothing in src/ imports the command line entry point',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/cli\\.ts$' },
      to: { path: '^src/cli\\.ts$' },
    },
    {
      name: 'models-are-providers-only',
      comment: 'src/models/ holds model providers: no navigator, mapping, simulator or body',
      severity: 'error',
      from: { path: '^src/models/' },
      to: { path: '^src/(navigator|mapping|sim|body|perception|world)/' },
    },
    {
      name: 'sim-behind-world',
      comment: 'only the world, the body, baselines (labelled ground truth), evaluation and the package entry navharness/sim (src/entry/) read the simulator',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/(sim|world|body|baselines|eval)/|^src/entry/sim(-node)?\\.ts$' },
      to: { path: '^src/sim/' },
    },
    {
      name: 'no-test-imports',
      comment: 'production, bench and script code never imports test/',
      severity: 'error',
      from: { path: '^(src|bench|scripts|web|examples)/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|build|dist|test-artifacts|runs)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
