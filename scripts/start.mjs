/**
 * `npm start`: the bot from its TypeScript sources, in this process (so signals reach it). The bot
 * and its packages are bundled with esbuild (scripts/bundle.ts, the same bundle `npm run build`
 * makes) into .cache/start/ in a few seconds, skipped when nothing in src/ or the installed
 * packages changed since: loading one file instead of some 2,000 modules is most of the start-up
 * time, and a loader hook that transpiles file by file on every start costs far more.
 * Stack traces name each function in .cache/start/main.js; with NODE_OPTIONS=--enable-source-maps
 * they point into src/ and node_modules (it costs start-up time and memory).
 */
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, '.cache', 'start');
const entry = path.join(outdir, 'main.js');

/** The newest change under `dir`: files and folders (a folder's time changes when a file is added, removed or renamed). */
async function newest(dir) {
  let latest = (await stat(dir)).mtimeMs;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? await newest(file) : (await stat(file)).mtimeMs);
  }
  return latest;
}

const built = await stat(entry).then((s) => s.mtimeMs, () => 0);
// npm rewrites node_modules/.package-lock.json on every install, so a changed package builds again.
const settings = ['package.json', 'tsconfig.json', 'node_modules/.package-lock.json', 'scripts/start.mjs', 'scripts/bundle.ts'];
const times = await Promise.all(settings.map((f) => stat(path.join(root, f)).then((s) => s.mtimeMs, () => 0)));
if (built <= Math.max(await newest(path.join(root, 'src')), ...times)) await bundle();
await import(pathToFileURL(entry).href);

/**
 * Bundles into `outdir`, dated when the build began, so a file saved during the build makes the
 * next start build again. Each file is written aside and renamed into place, chunks (named by
 * their content) before main.js, so a second `npm start` at the same moment never reads half a build.
 */
async function bundle() {
  const began = new Date();
  const { tsImport } = await import('tsx/esm/api');
  const { bundleBot } = await tsImport('./bundle.ts', import.meta.url);
  const files = await bundleBot({ outdir, moduleUrls: 'source' });
  await mkdir(outdir, { recursive: true });
  const last = (f) => (f.path === entry ? 1 : 0);
  for (const file of [...files].sort((a, b) => last(a) - last(b))) {
    const aside = `${file.path}.${process.pid}`;
    await writeFile(aside, file.contents);
    await utimes(aside, began, began);
    await rename(aside, file.path);
  }
  // Chunks of earlier builds go once no process can still be loading them.
  const kept = new Set(files.map((f) => path.basename(f.path)));
  for (const name of await readdir(outdir)) {
    const file = path.join(outdir, name);
    if (!kept.has(name) && (await stat(file)).mtimeMs < began.getTime() - 60_000) await rm(file, { force: true });
  }
}
