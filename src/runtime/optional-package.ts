/**
 * Packages that only some uses of NavHarness need (the model SDKs, the MCP SDK, BullMQ and ioredis,
 * vega, marked, three, onnxruntime-node) are optionalDependencies in package.json: a full install has
 * them, `npm install navharness --omit=optional` (a library user of navharness/core and navharness/sim)
 * does not. They are imported on first use, never at module load, and a missing one is reported by
 * name with the command that installs the version this package was built against.
 */

/** A module loaded through a variable specifier, so that bundlers neither bundle nor shim it. */
const runtimeImport = (specifier: string): Promise<unknown> => import(/* @vite-ignore */ specifier);

/** The package (`name` or `@scope/name`) of a bare import specifier such as `openai/resources/x`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The package a failed import could not find, or null when it failed for another reason. */
export function missingPackage(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return null;
  const m = /Cannot find (?:package|module) '([^']+)'/.exec(String((err as Error).message));
  if (!m || m[1].startsWith('.') || m[1].startsWith('/') || m[1].startsWith('file:')) return null;
  return packageOf(m[1]);
}

/** The version range package.json gives an optional package, when it can be read (Node). */
async function declaredRange(pkg: string): Promise<string | null> {
  try {
    const { readFileSync } = (await runtimeImport('node:fs')) as typeof import('node:fs');
    const json = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { optionalDependencies?: Record<string, unknown> };
    const range = json.optionalDependencies?.[pkg];
    return typeof range === 'string' ? range : null;
  } catch {
    return null;
  }
}

/** "PURPOSE needs PKG, an optional dependency that is not installed (DETAIL); install it with `npm install PKG@RANGE`". */
export async function missingPackageMessage(pkg: string, purpose: string, detail?: string): Promise<string> {
  const range = await declaredRange(pkg);
  return `${purpose} needs ${pkg}, an optional dependency that is not installed${detail ? ` (${detail})` : ''}; install it with \`npm install ${pkg}${range ? `@${range}` : ''}\``;
}

/**
 * Imports `specifier` on first use; when its package is not installed, fails with the message above
 * (`hint` appended, e.g. another way to get the same thing).
 */
export async function optionalImport<T>(specifier: string, purpose: string, hint?: string): Promise<T> {
  try {
    return (await runtimeImport(specifier)) as T;
  } catch (e) {
    const pkg = missingPackage(e);
    if (pkg !== packageOf(specifier)) throw e;
    const message = await missingPackageMessage(pkg, purpose, String((e as Error).message).split('\n')[0]);
    throw new Error(hint ? `${message}, ${hint}` : message);
  }
}
