import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// The Node.js the portal says it runs on ("engines") is one every installed package runs on: no
// package may ask for a newer line than the README tells people to install (npm would warn,
// EBADENGINE, and the package may fail on the oldest Node the README allows).
const root = path.join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

describe('the Node.js line in package.json', () => {
  it('is a maintained LTS line, 22 or newer', () => {
    const oldest = semver.minVersion(pkg.engines.node)!;
    expect(oldest.major).toBeGreaterThanOrEqual(22);
  });

  it('is enough for every installed package', () => {
    const asking = Object.entries(lock.packages)
      .filter(([name, p]) => name && p.engines && !Array.isArray(p.engines) && p.engines.node)
      // An optional package for another platform (a native binary for Windows, WebAssembly) is not installed.
      .filter(([name]) => existsSync(path.join(root, name, 'package.json')))
      .filter(([, p]) => !semver.subset(pkg.engines.node, (p.engines as { node: string }).node, { includePrerelease: false }))
      .map(([name, p]) => `${name.replace(/^.*node_modules\//, '')}@${p.version} wants node ${(p.engines as { node: string }).node}`);
    expect(asking).toEqual([]);
  });

  it('is the one the README, CI and the start-up check name', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const ci = readFileSync(path.join(root, '.ci', 'run'), 'utf8');
    const build = readFileSync(path.join(root, 'scripts', 'build.mjs'), 'utf8');
    const oldest = semver.minVersion(pkg.engines.node)!;
    expect(readme).toContain(`Node.js ${oldest.major}`);
    // CI runs every npm script on the Node the portal brings (the `node` package in its
    // dependencies), so that package is the line engines names, and CI says which it is.
    const brought = (pkg as unknown as { dependencies: Record<string, string> }).dependencies.node ?? 'absent';
    expect(semver.minVersion(brought)!.major).toBe(oldest.major);
    expect(semver.satisfies(semver.minVersion(brought)!, pkg.engines.node)).toBe(true);
    expect(ci).toContain(`Node.js ${oldest.major}`);
    expect(build).toContain(`NODE_MAJOR = ${oldest.major};`);
    expect(build).toContain(`NODE_MINOR = ${oldest.minor};`);
  });
});
