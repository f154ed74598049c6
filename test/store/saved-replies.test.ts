/** Saved replies on both engines: one per name whatever its case, renamed without losing it, and copied by store:migrate. */
import { savedRepliesIn } from '../support/feature-commands';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, createSqliteStore, type Store } from '../../src/store';
import { copySqliteToPostgres } from '../../src/store/copy-sqlite';
import { STORE_FILE } from '../../src/store/sqlite-store';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { engines } from './engines';

const reply = (name: string, body = `Body of ${name}`) => ({ name, body, updatedBy: 'dana@contoso.com', updatedAt: '2026-11-24T10:00:00.000Z' });

describe.each(engines)('$name store: saved replies', (engine) => {
  if (!engine.available()) {
    it.skip(`cannot run: ${pgProblem()}`, () => undefined);
    return;
  }
  const open: { store: Store; location: string }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.store.close();
      engine.cleanup(o.location);
    }
  });
  async function fresh(): Promise<{ store: Store; location: string }> {
    const location = await engine.fresh();
    const o = { store: await engine.open(location), location };
    open.push(o);
    return o;
  }

  it('keeps one reply per name whatever its case, and answers by name', async () => {
    const { store } = await fresh();
    const r = await savedRepliesIn(store);
    expect(await r.add(reply('Greeting', 'Hi {{requester.firstName}}'))).toBe(true);
    expect(await r.add(reply('greeting', 'another'))).toBe(false);
    expect(await r.add(reply('printer-jam'))).toBe(true);
    expect((await r.list()).map((x) => x.name)).toEqual(['Greeting', 'printer-jam']);
    expect((await r.get('GREETING'))?.body).toBe('Hi {{requester.firstName}}');
    expect(await r.get('nope')).toBeUndefined();
  });

  it('replaces and renames a reply, refuses a name another has, and removes', async () => {
    const { store } = await fresh();
    const r = await savedRepliesIn(store);
    await r.add(reply('greeting'));
    await r.add(reply('thanks'));
    expect(await r.replace('greeting', reply('hello', 'Hello!'))).toBe('saved');
    expect(await r.get('greeting')).toBeUndefined();
    expect((await r.get('hello'))?.body).toBe('Hello!');
    expect(await r.replace('hello', reply('thanks'))).toBe('taken');
    expect(await r.replace('gone', reply('gone'))).toBe('missing');
    expect(await r.remove('hello')).toBe(true);
    expect(await r.remove('hello')).toBe(false);
    expect((await r.list()).map((x) => x.name)).toEqual(['thanks']);
  });
});

describe.skipIf(!pgAvailable())(`store:migrate copies saved replies${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('brings every saved reply to PostgreSQL once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'replies-migrate-'));
    try {
      const sqlite = createSqliteStore({ dataDir: dir });
      await (await savedRepliesIn(sqlite)).add(reply('greeting', 'Hi {{requester.firstName}}'));
      await sqlite.close();
      const pool = createPool(await freshDatabase());
      try {
        expect((await copySqliteToPostgres(path.join(dir, STORE_FILE), pool)).saved_replies).toEqual({ read: 1, written: 1 });
        expect((await copySqliteToPostgres(path.join(dir, STORE_FILE), pool)).saved_replies).toEqual({ read: 1, written: 0 });
        const { rows } = await pool.query('SELECT name, body FROM saved_replies');
        expect(rows).toEqual([{ name: 'greeting', body: 'Hi {{requester.firstName}}' }]);
      } finally {
        await pool.end();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
