import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');

function sources(dir: string): string[] {
  const full = path.join(root, dir);
  return readdirSync(full).flatMap((name) => {
    const p = path.join(full, name);
    if (statSync(p).isDirectory()) return sources(path.join(dir, name));
    return name.endsWith('.ts') ? [path.join(dir, name)] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

/** DESIGN rule 1: the core never depends on a chat platform, the HTTP server or a channel folder. */
describe('dependencies point inward', () => {
  const forbidden = /^(botbuilder|botframework-|@slack\/|restify)|\/channels(\/|$)|\/server$/;

  for (const dir of ['src/helpdesk', 'src/commands', 'src/views', 'src/graph']) {
    it(`${dir} imports no channel SDK, server or channel folder`, () => {
      const offenders = sources(dir).flatMap((file) =>
        imports(file).filter((spec) => forbidden.test(spec)).map((spec) => `${file} -> ${spec}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('src/core imports nothing outside src/core', () => {
    const offenders = sources('src/core').flatMap((file) =>
      imports(file).filter((spec) => !spec.startsWith('./')).map((spec) => `${file} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('src/store and src/notify take shared types from src/core, not from src/commands', () => {
    const offenders = [...sources('src/store'), ...sources('src/notify')].flatMap((file) =>
      imports(file).filter((spec) => /\/commands(\/|$)/.test(spec)).map((spec) => `${file} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('only src/helpdesk names the SharePoint lists and fields', () => {
    const outside = ['src/commands', 'src/views', 'src/channels', 'src/notify']
      .flatMap((dir) => sources(dir))
      .filter((file) => /['"`]SD_[A-Za-z]+/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('only src/graph talks to Graph over HTTP', () => {
    const outside = ['src/helpdesk', 'src/commands', 'src/views', 'src/notify']
      .flatMap((dir) => sources(dir))
      .filter((file) => /\bfetch\(|from ['"]node:https?['"]/.test(readFileSync(path.join(root, file), 'utf8')));
    expect(outside).toEqual([]);
  });

  it('the checker sees a forbidden import when there is one', () => {
    expect(forbidden.test('botbuilder')).toBe(true);
    expect(forbidden.test('../channels/teams/cards')).toBe(true);
    expect(forbidden.test('../graph/odata')).toBe(false);
  });
});
