/**
 * `npm start`: the bot from its TypeScript sources, in this process (so signals reach it). The
 * sources are bundled with esbuild (the transpiler tsx already brings) into one file under
 * .cache/ in a few hundred milliseconds, and packages load from node_modules as they are: a
 * loader hook that transpiles file by file on every start costs about twice the start-up time.
 * Stack traces name .cache/start/main.mjs, where each file is marked with its src/ path; with
 * NODE_OPTIONS=--enable-source-maps they point into src/ (it costs about 0.2 s of start-up).
 */
import { build } from 'esbuild';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
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
  await rename(aside, file.path);
}
await import(pathToFileURL(outfile).href);
