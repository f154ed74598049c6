/**
 * `npm run build`: compiles src/ to dist/ with tsc (tsconfig.build.json), then gives each relative
 * import in dist/ its file name (`./app` -> `./app.js`, `./graph` -> `./graph/index.js`), which Node's
 * ES module loader requires and which the sources leave out (they are written for a bundler-style
 * resolver, as tsx and vitest read them). The result runs with plain `node dist/main.js`.
 *
 * Then dist/main.js is replaced by the bot bundled with esbuild (the transpiler tsx already brings):
 * one file instead of some 2,000 modules to find and load, which is most of the start-up time. The
 * platforms' stacks stay in chunks of their own, loaded only when that platform is on; native and
 * optional modules stay in node_modules. The other entry points (dist/doctor.js…) stay as tsc wrote them.
 */
import { execFileSync } from 'node:child_process';
import { build, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

/** The specifier with the file it resolves to in dist/, or unchanged when it already names one. */
export function withFileName(fromFile: string, specifier: string): string {
  if (/\.(m?js|json|node)$/.test(specifier)) return specifier;
  const target = path.resolve(path.dirname(fromFile), specifier);
  if (existsSync(`${target}.js`)) return `${specifier}.js`;
  if (existsSync(path.join(target, 'index.js'))) return `${specifier.replace(/\/$/, '')}/index.js`;
  throw new Error(`${path.relative(root, fromFile)}: cannot resolve "${specifier}" in dist/`);
}

function* jsFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* jsFiles(file);
    else if (name.endsWith('.js')) yield file;
  }
}

rmSync(dist, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
let rewritten = 0;
for (const file of jsFiles(dist)) {
  const before = readFileSync(file, 'utf8');
  const after = before.replace(SPECIFIER, (_m, lead: string, quote: string, spec: string) => `${lead}${quote}${withFileName(file, spec)}${quote}`);
  if (after !== before) {
    writeFileSync(file, after);
    rewritten++;
  }
}

/**
 * Each source file keeps the import.meta.url it has in tsc's output (dist/<its path>.js), so files
 * found next to the code (cards/) are found from the bundle as from the compiled files.
 */
const moduleUrlsAsInDist: Plugin = {
  name: 'module-urls-as-in-dist',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const inDist = path.relative(path.join(root, 'src'), args.path).replace(/\.ts$/, '.js').split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL('./${inDist}', import.meta.url).href`), loader: 'ts' };
    });
  },
};
rmSync(path.join(dist, 'main.js'));
rmSync(path.join(dist, 'main.js.map'), { force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts') },
  outdir: dist,
  // Chunks sit next to main.js, so each module's URL below resolves from the same folder.
  chunkNames: 'main-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Native (better-sqlite3) and optional native add-ons are loaded from node_modules as they are.
  external: ['better-sqlite3', 'pg-native', 'dtrace-provider'],
  sourcemap: true,
  legalComments: 'linked',
  logLevel: 'warning',
  plugins: [moduleUrlsAsInDist],
  // CommonJS packages inside an ES module bundle still get require, __filename and __dirname.
  banner: {
    js: [
      "import { createRequire as __bundleRequire } from 'node:module';",
      "import { fileURLToPath as __bundlePath } from 'node:url';",
      "import { dirname as __bundleDir } from 'node:path';",
      'const require = __bundleRequire(import.meta.url);',
      'const __filename = __bundlePath(import.meta.url);',
      'const __dirname = __bundleDir(__filename);',
    ].join(' '),
  },
});
process.stdout.write(`Built dist/ (${rewritten} files with relative imports resolved; dist/main.js bundled). Run it with: npm run start:prod\n`);
