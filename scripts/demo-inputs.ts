/**
 * What the demo's figures depend on, as one hash: every file under src/ and build/, and the locked
 * packages. docs/demo-results.json records it; test/commands/readme-demo-figures.test.ts compares it
 * with the checkout's, so a change to the code the demo runs cannot leave the README's figures
 * standing unnoticed: the figures must be generated again (`npm run demo:results`).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const DEMO_INPUTS = ['src', 'build', 'package-lock.json'] as const;

function files(root: string, rel: string): string[] {
  const abs = join(root, rel);
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs)
    .sort()
    .flatMap((n) => files(root, join(rel, n)));
}

/** The files git tracks there, or null outside a git checkout: generated files (build/*.wat) are not inputs. */
function tracked(root: string): Set<string> | null {
  try {
    return new Set(
      execFileSync('git', ['ls-files', '-z', '--', ...DEMO_INPUTS], { cwd: root, encoding: 'utf8' })
        .split('\0')
        .filter(Boolean),
    );
  } catch {
    return null;
  }
}

export function demoInputsHash(root: string): string {
  const h = createHash('sha256');
  const kept = tracked(root);
  for (const f of DEMO_INPUTS.flatMap((d) => files(root, d))
    .filter((f) => !kept || kept.has(f.split(sep).join('/')))
    .sort()) {
    // the path as written on every platform, then the bytes
    h.update(relative(root, join(root, f)).split(sep).join('/'));
    h.update('\0');
    h.update(readFileSync(join(root, f)));
    h.update('\0');
  }
  return h.digest('hex');
}
