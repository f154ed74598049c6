/**
 * `npm run build`: compiles src/ to dist/ with tsc (tsconfig.build.json), then gives each relative
 * import in dist/ its file name (`./app` -> `./app.js`, `./graph` -> `./graph/index.js`), which Node's
 * ES module loader requires and which the sources leave out (they are written for a bundler-style
 * resolver, as tsx and vitest read them). The result runs with plain `node dist/main.js`.
 *
 * Then dist/main.js is replaced by the bot bundled with esbuild (scripts/bundle.ts). The
 * other entry points (dist/doctor.js…) stay as tsc wrote them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleBot } from './bundle';

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

rmSync(path.join(dist, 'main.js'));
rmSync(path.join(dist, 'main.js.map'), { force: true });
for (const file of await bundleBot({ outdir: dist, moduleUrls: 'dist' })) writeFileSync(file.path, file.contents);
process.stdout.write(`Built dist/ (${rewritten} files with relative imports resolved; dist/main.js bundled). Run it with: npm run start:prod\n`);
