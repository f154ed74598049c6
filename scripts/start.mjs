/**
 * `npm start`: the bot from its TypeScript sources, in this process (so signals reach it). The
 * sources are bundled with esbuild (the transpiler tsx already brings) into one file under
 * .cache/ in a few hundred milliseconds (skipped when nothing in src/ changed since), and packages
 * load from node_modules as they are: a loader hook that transpiles file by file on every start
 * costs about 1.5 times the CPU time.
 * Stack traces name .cache/start/main.mjs, where each file is marked with its src/ path; with
 * NODE_OPTIONS=--enable-source-maps they point into src/ (it costs about 0.2 s of start-up).
 */
import { mkdir, readdir, readFile, rename, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(root, '.cache', 'start', 'main.mjs');

/** Each source file keeps its own import.meta.url, so files found next to the code (cards/) are found. */
const ownModuleUrls = {
  name: 'own-module-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** The newest change under `dir`: files and folders (a folder's time changes when a file is added, removed or renamed). */
async function newest(dir) {
  let latest = (await stat(dir)).mtimeMs;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? await newest(file) : (await stat(file)).mtimeMs);
  }
  return latest;
}

const built = await stat(outfile).then((s) => s.mtimeMs, () => 0);
const settings = ['package.json', 'tsconfig.json', 'scripts/start.mjs'].map((f) => path.join(root, f));
const inputs = Math.max(await newest(path.join(root, 'src')), ...(await Promise.all(settings.map(async (f) => (await stat(f)).mtimeMs))));
if (built <= inputs) await bundle();
await import(pathToFileURL(outfile).href);

/** Bundles src/ into `outfile`, dated when the build began, so a file saved during the build makes the next start build again. */
async function bundle() {
  const began = new Date();
  const { build } = await import('esbuild');
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'src/main.ts')],
    outfile,
    write: false,
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [ownModuleUrls],
  });
  // Written aside and renamed into place, so a second `npm start` at the same moment never reads half a file.
  await mkdir(path.dirname(outfile), { recursive: true });
  for (const file of outputFiles) {
    const aside = `${file.path}.${process.pid}`;
    await writeFile(aside, file.contents);
    await utimes(aside, began, began);
    await rename(aside, file.path);
  }
}
