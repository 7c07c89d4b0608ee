/**
 * A lockfile for a fresh project that depends on the packed navharness tarball, made from the
 * repository's package-lock.json: the runtime packages at the versions and integrities the repository
 * locks (dev-only ones dropped), so `npm ci --offline` installs them from npm's cache, which the
 * repository's own `npm ci` filled. No registry metadata is needed, so it works without a network.
 */
import { readFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  [k: string]: unknown;
}

interface Lockfile {
  name: string;
  version: string;
  lockfileVersion: number;
  requires?: boolean;
  packages: Record<string, LockEntry>;
}

export interface ConsumerProject {
  packageJson: object;
  lock: Lockfile;
}

/** `tarball` is the file name of the packed package, next to the consumer's package.json. */
export function consumerProject(repoLockPath: string, repoPackagePath: string, tarball: string): ConsumerProject {
  const repo = JSON.parse(readFileSync(repoLockPath, 'utf8')) as Lockfile;
  const pkg = JSON.parse(readFileSync(repoPackagePath, 'utf8')) as LockEntry & { name: string; version: string };
  const root = repo.packages[''];
  const spec = `file:${tarball}`;
  const packages: Record<string, LockEntry> = {
    '': { name: 'navharness-consumer', version: '1.0.0', dependencies: { [pkg.name]: spec } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: spec,
      license: root.license,
      dependencies: root.dependencies,
      optionalDependencies: root.optionalDependencies,
      bin: root.bin,
      engines: root.engines,
    },
  };
  for (const [path, entry] of Object.entries(repo.packages)) {
    if (path === '' || entry.dev) continue;
    packages[path] = entry;
  }
  return {
    packageJson: { name: 'navharness-consumer', version: '1.0.0', private: true, type: 'module', dependencies: { [pkg.name]: spec } },
    lock: { name: 'navharness-consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages },
  };
}
