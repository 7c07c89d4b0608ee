/**
 * `npm run build:ts` (also run by `prepare`, so `npm ci` and `npm pack` build it): compiles src/ to
 * dist/ with tsc, one .js and one .d.ts per source file in the same folders, so that the relative
 * URLs in the code (../../build/NAME.wasm, ../../package.json) hold in dist/ as they do in src/.
 * dist/web/ (the browser demo's Vite build) is left alone. Then every command's help is rendered from
 * the compiled modules into dist/commands/help.json (src/commands/help-cache.ts: `--help` without
 * loading the command's module).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = new URL('../dist/', import.meta.url);

// files of deleted sources must not linger in the package
if (existsSync(dist)) {
  for (const name of readdirSync(dist)) if (name !== 'web') rmSync(new URL(name, dist), { recursive: true, force: true });
}
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
// tsc copies no .mjs: the eval worker's bootstrap
copyFileSync(new URL('../src/eval/sequence-worker-entry.mjs', import.meta.url), new URL('eval/sequence-worker-entry.mjs', dist));
chmodSync(new URL('cli.js', dist), 0o755);

const { allHelpTexts } = await import(new URL('commands/main.js', dist).href);
writeFileSync(new URL('commands/help.json', dist), JSON.stringify(await allHelpTexts()));
