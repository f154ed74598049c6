/** Surveys on both engines: one row per resolution, an answer replaced by a later one, a comment kept until a new one; store:migrate copies them. */
import { surveysOf } from '../support/feature-commands';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createPool, createSqliteStore, type Store } from '../../src/store';
import { copySqliteToPostgres } from '../../src/store/copy-sqlite';
import { STORE_FILE } from '../../src/store/sqlite-store';
import { freshDatabase, pgAvailable, pgProblem } from '../support/postgres';
import { engines } from './engines';

const survey = { id: '12:1763978400000', ticketId: 12, requester: 'sam@example.com', agent: 'dana@example.com', scale: 'five' as const, sentAt: '2026-11-24T10:00:00.000Z' };

describe.each(engines)('$name store: surveys', (engine) => {
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

  it('opens a survey once, and keeps the latest answer with the last comment given', async () => {
    const location = await engine.fresh();
    const store = await engine.open(location);
    open.push({ store, location });
    expect(await surveysOf(store).open(survey)).toBe(true);
    expect(await surveysOf(store).open({ ...survey, sentAt: '2026-11-24T11:00:00.000Z' })).toBe(false);
    expect(await surveysOf(store).answer(survey.id, 2, 'Slow', '2026-11-24T12:00:00.000Z')).toEqual(survey);
    expect(await surveysOf(store).answer(survey.id, 4, undefined, '2026-11-24T13:00:00.000Z')).toMatchObject({ rating: 2, comment: 'Slow' });
    expect(await surveysOf(store).get(survey.id)).toEqual({ ...survey, rating: 4, comment: 'Slow', answeredAt: '2026-11-24T13:00:00.000Z' });
    expect(await surveysOf(store).answer('nope', 4, undefined, '2026-11-24T13:00:00.000Z')).toBeUndefined();
    expect((await surveysOf(store).sentSince('2026-11-24T00:00:00.000Z')).map((s) => s.id)).toEqual([survey.id]);
    expect(await surveysOf(store).sentSince('2026-11-25T00:00:00.000Z')).toEqual([]);
  });
});

describe('HELPDESK_CSAT and HELPDESK_CSAT_SCALE', () => {
  it('default to on and 1–5; off and thumbs are read; anything else names the variable', () => {
    expect(loadConfig({}).csat).toEqual({ enabled: true, scale: 'five' });
    expect(loadConfig({ HELPDESK_CSAT: 'off', HELPDESK_CSAT_SCALE: 'thumbs' }).csat).toEqual({ enabled: false, scale: 'thumbs' });
    expect(() => loadConfig({ HELPDESK_CSAT: 'maybe' })).toThrow(/HELPDESK_CSAT.*on, off/);
    expect(() => loadConfig({ HELPDESK_CSAT_SCALE: '10' })).toThrow(/HELPDESK_CSAT_SCALE.*5, thumbs/);
  });
});

describe.skipIf(!pgAvailable())(`store:migrate copies surveys${pgAvailable() ? '' : ` (cannot run: ${pgProblem()})`}`, () => {
  it('brings every survey and its answer to PostgreSQL once', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'surveys-migrate-'));
    try {
      const sqlite = createSqliteStore({ dataDir: dir });
      await surveysOf(sqlite).open(survey);
      await surveysOf(sqlite).answer(survey.id, 5, 'Great', '2026-11-24T12:00:00.000Z');
      await sqlite.close();
      const pool = createPool(await freshDatabase());
      try {
        expect((await copySqliteToPostgres(path.join(dir, STORE_FILE), pool)).csat_surveys).toEqual({ read: 1, written: 1 });
        expect((await copySqliteToPostgres(path.join(dir, STORE_FILE), pool)).csat_surveys).toEqual({ read: 1, written: 0 });
        const { rows } = await pool.query('SELECT id, rating, comment FROM csat_surveys');
        expect(rows).toEqual([{ id: survey.id, rating: 5, comment: 'Great' }]);
      } finally {
        await pool.end();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
