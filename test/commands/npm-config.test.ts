/**
 * Issue 38: every `npx navharness` printed `npm warn Unknown project config "onnxruntime-node-install"`,
 * from a key of the project's .npmrc that npm does not know. The CUDA download of onnxruntime-node is
 * skipped by package.json's allowScripts (npm 11) and by ONNXRUNTIME_NODE_INSTALL=skip (older npm).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');

describe('npm in the repository', () => {
  it('npm reads the project configuration without a warning', () => {
    // npm_config_* variables of the npm that runs the tests would be read as env config: drop them
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_config_')));
    const r = spawnSync('npm', ['config', 'get', 'registry'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/npm warn/i);
  });

  it("onnxruntime-node's install script (the CUDA download) stays denied", () => {
    const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    expect(pkg.allowScripts?.['onnxruntime-node']).toBe(false);
  });
});
