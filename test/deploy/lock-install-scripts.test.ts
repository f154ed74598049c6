/**
 * `npm install` on a fresh clone leaves package-lock.json as committed. npm writes a package's
 * `hasInstallScript` from the registry's metadata, and the registry sets it when the package has
 * a preinstall, install or postinstall script, or a binding.gyp at its root (even with
 * `gypfile: false`, as better-sqlite3 has). A lock written from an installed tree instead leaves
 * it out, and the next fresh install adds it back: a changed file in a clean tree. This checks
 * every installed package's lock entry against that rule, without the network.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './processes';

interface LockEntry { hasInstallScript?: boolean; optional?: boolean }

const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** Whether the registry says the installed package at `dir` has an install script. */
function registryHasInstallScript(dir: string): boolean {
  const scripts = (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts ?? {};
  return Boolean(scripts.preinstall || scripts.install || scripts.postinstall) || existsSync(path.join(dir, 'binding.gyp'));
}

describe('package-lock.json, as a fresh `npm install` writes it', () => {
  const installed = Object.keys(lock.packages).filter((key) => key.startsWith('node_modules/') && existsSync(path.join(ROOT, key, 'package.json')));

  it('covers the installed packages (better-sqlite3 among them)', () => {
    expect(installed).toContain('node_modules/better-sqlite3');
    expect(installed.length).toBeGreaterThan(100);
  });

  it('says hasInstallScript exactly for the packages the registry says have one', () => {
    const disagree = installed.filter((key) => registryHasInstallScript(path.join(ROOT, key)) !== Boolean(lock.packages[key].hasInstallScript));
    expect(disagree).toEqual([]);
  });
});
