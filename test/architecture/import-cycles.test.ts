/**
 * Issue 41 §4: no import circle across folders, not even through type-only imports. The sources
 * are read as text (as boundaries.test.ts does), every relative import is followed (`import type`
 * and `export … from` included), and each strongly connected component of the graph that holds
 * files of more than one folder is a circle: commands hosts the features, so a feature importing
 * a commands module that reaches the feature list closes one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) return sources(rel);
    return name.endsWith('.ts') ? [rel] : [];
  });
}

/** The src files a file imports (relative specifiers only; packages are no part of a circle). */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]*)['"]/g)].flatMap((m) => {
    const base = path.posix.join(path.posix.dirname(file), m[1]);
    const found = [`${base}.ts`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')].find((c) => existsSync(path.join(root, c)));
    return found ? [found] : [];
  });
}

/** Strongly connected components (Tarjan). */
function components(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const graph = new Map(sources('src').map((file) => [file, importsOf(file)]));

describe('import circles', () => {
  it('no circle of imports spans more than one folder (type-only imports included)', () => {
    const circles = components(graph)
      .filter((c) => new Set(c.map((f) => path.posix.dirname(f))).size > 1)
      .map((c) => {
        const folders: Record<string, number> = {};
        for (const f of c) folders[path.posix.dirname(f)] = (folders[path.posix.dirname(f)] ?? 0) + 1;
        return `${c.length} files: ${Object.entries(folders).map(([d, n]) => `${d} ${n}`).join(', ')}`;
      });
    expect(circles).toEqual([]);
  });

  it('only the composition imports the command list with the features (src/commands/registry.ts)', () => {
    // The entry points (commands/index.ts) default to the product's registry for the channels; the
    // commands' other modules and the features take theirs from their context.
    const allowed = new Set(['src/commands/index.ts']);
    const importers = [...graph]
      .filter(([file, deps]) => (file.startsWith('src/commands/') || file.startsWith('src/features/')) && !allowed.has(file) && deps.includes('src/commands/registry.ts'))
      .map(([file]) => file);
    expect(importers).toEqual([]);
  });
});
