/**
 * What the outbox carries and the delivery port posts are neutral: a screen of elements, never a
 * feature's own view. The notifier's payloads and port name no feature, and the views' union of
 * what a handler answers with names no feature's screen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const imports = (file: string) => [...readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

describe('screens are neutral between features, the notifier and the channels', () => {
  for (const file of ['src/notify/intents.ts', 'src/notify/types.ts', 'src/notify/stored-payloads.ts']) {
    it(`${file} imports nothing under src/features`, () => {
      expect(imports(file).filter((spec) => /(^|\/)features(\/|$)/.test(spec))).toEqual([]);
    });
  }

  it('the views a handler answers with name no digest', () => {
    const text = readFileSync(path.join(root, 'src/views/types.ts'), 'utf8');
    expect(text).not.toMatch(/type: 'digest'|DigestView/);
  });
});
