/**
 * The bot as one esbuild bundle, minified, for `npm run build` (dist/) and `npm start`
 * (.cache/start/): one file to load instead of some 2,000 modules, which is most of the start-up
 * time. The platforms' stacks stay in chunks of their own (main-<hash>.js next to main.js), loaded
 * only when that platform is on; native and optional native add-ons stay in node_modules.
 */
import { build, type OutputFile, type Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BotBundle {
  outdir: string;
  /**
   * What a source file's `import.meta.url` becomes, so files found next to the code (cards/) are
   * found from the bundle: `source` keeps the file's own URL under src/ (the bundle runs where the
   * sources are); `dist` gives the URL tsc's output of that file has in dist/, resolved from the bundle.
   */
  moduleUrls: 'source' | 'dist';
}

function moduleUrls(kind: BotBundle['moduleUrls']): Plugin {
  return {
    name: 'module-urls',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const inDist = path.relative(path.join(root, 'src'), args.path).replace(/\.ts$/, '.js').split(path.sep).join('/');
        const url = kind === 'source' ? JSON.stringify(pathToFileURL(args.path).href) : `new URL('./${inDist}', import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}

/**
 * V8 holds a script's source, for as long as the process runs, one byte a character only when
 * every character fits in one (Latin-1); a single one beyond makes the whole chunk two bytes a
 * character (luxon's /〇/: 1.3 MiB more). esbuild escapes such characters in strings but not in
 * regular expressions, so a package's file that holds one gets them as \u escapes, which mean the
 * same there (a character after a backslash stays as it is).
 */
function latin1Sources(): Plugin {
  const wide = /(\\?)([^\u0000-\u00ff])/g;
  return {
    name: 'latin1-sources',
    setup(b) {
      b.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!/[^\u0000-\u00ff]/.test(source)) return undefined;
        const contents = source.replace(wide, (all, slash: string, c: string) => (slash ? all : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
        return { contents, loader: 'js' };
      });
    },
  };
}

/** Bundles src/main.ts into `outdir` (main.js and its chunks) and returns the files, not yet written. */
export async function bundleBot(options: BotBundle): Promise<OutputFile[]> {
  const { outputFiles } = await build({
    entryPoints: { main: path.join(root, 'src/main.ts') },
    outdir: options.outdir,
    write: false,
    // Chunks sit next to main.js, so each module's URL resolves from the same folder.
    chunkNames: 'main-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Native (better-sqlite3) and optional native add-ons are loaded from node_modules as they are.
    external: ['better-sqlite3', 'pg-native', 'dtrace-provider'],
    // Whitespace and syntax only: names stay, so stack traces still name each function, and with
    // --enable-source-maps they point into src/. What a process has loaded stays in its heap: with
    // 100,000 tickets known, minified, the bot's peak RSS is 145 MiB instead of 163 MiB.
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: 'linked',
    legalComments: 'linked',
    logLevel: 'warning',
    plugins: [moduleUrls(options.moduleUrls), latin1Sources()],
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
  return outputFiles;
}
