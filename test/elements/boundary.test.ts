/**
 * Channels render elements, never a feature's kind: the screen renderers and the vocabulary import
 * nothing under src/features, and no channel file imports the storms feature (its summary is a
 * screen now). Read from the sources, as vercel/chat's boundary test does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../src');
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}
/** The modules a file imports (static, dynamic and type-only), resolved against src. */
function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]).filter((s) => s.startsWith('.')).map((s) => path.relative(SRC, path.resolve(path.dirname(file), s)));
}

describe('screens are rendered from elements alone', () => {
  it('no channel file imports the storms feature', () => {
    const found = files(path.join(SRC, 'channels')).flatMap((f) => imports(f).filter((i) => i.startsWith('features/storms')).map((i) => `${path.relative(SRC, f)} -> ${i}`));
    expect(found).toEqual([]);
  });

  it('the vocabulary and both screen renderers import nothing under src/features', () => {
    const renderers = ['views/elements.ts', 'views/ticket-rows.ts', 'channels/teams/screen-card.ts', 'channels/teams/screen-chart.ts', 'channels/slack/blocks/screen.ts', 'channels/slack/blocks/chart.ts'];
    const found = renderers.flatMap((f) => imports(path.join(SRC, f)).filter((i) => i.startsWith('features/')).map((i) => `${f} -> ${i}`));
    expect(found).toEqual([]);
  });
});
