/** Optional packages imported on first use: a missing one is named with the command that installs it. */
import { describe, expect, it } from 'vitest';
import { missingPackage, optionalImport, packageOf } from '../../src/runtime/index.js';

describe('optional packages', () => {
  it('takes the package of a bare specifier, scoped or not', () => {
    expect(packageOf('openai/resources/chat')).toBe('openai');
    expect(packageOf('@modelcontextprotocol/sdk/server/index.js')).toBe('@modelcontextprotocol/sdk');
  });

  it('loads an installed package', async () => {
    const m = await optionalImport<{ Marked: unknown }>('marked', 'the report');
    expect(typeof m.Marked).toBe('function');
  });

  it('names a missing package and what installs it; other failures pass through', async () => {
    const err = await optionalImport('navharness-no-such-package/sub', 'the test').catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      /^the test needs navharness-no-such-package, an optional dependency that is not installed \(Cannot find package 'navharness-no-such-package[^)]*\); install it with `npm install navharness-no-such-package`$/,
    );
    const caught = await import('navharness-no-such-package' as string).catch((e: unknown) => e);
    expect(missingPackage(caught)).toBe('navharness-no-such-package');
    expect(missingPackage(new Error('boom'))).toBeNull();
    const relative = await import('./no-such-file.js' as string).catch((e: unknown) => e);
    expect(missingPackage(relative)).toBeNull();
  });
});
