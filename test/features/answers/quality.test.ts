/**
 * The matcher on the committed quality set (test/fixtures/answers): questions as people type
 * them find the right answer among the three offered, and near misses are offered nothing.
 * Both engines: each retrieves with its own stemming, and both must meet the bar.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAnswerMatcher } from '../../../src/features/answers/matcher';
import { createAnswerStore } from '../../../src/features/answers/store';
import { FIXTURE_ANSWERS, FIXTURE_QUESTIONS, measureQuality, openAnswersDb } from '../../support/answers-db';
import { freshDatabase, pgAvailable } from '../../support/postgres';

const dir = mkdtempSync(path.join(tmpdir(), 'answers-quality-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const engines = [
  { name: 'SQLite', available: () => true, location: async () => path.join(dir, 'answers.db') },
  { name: 'PostgreSQL', available: pgAvailable, location: freshDatabase },
];

describe.each(engines)('answer matching on $name', ({ available, location }) => {
  it.skipIf(!available())('finds the right answer in the top 3 for 80% of questions and offers near misses nothing 90% of the time', async () => {
    expect(FIXTURE_ANSWERS.length).toBeGreaterThanOrEqual(25);
    expect(FIXTURE_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    const db = await openAnswersDb(await location());
    try {
      const store = createAnswerStore(db);
      for (const a of FIXTURE_ANSWERS) expect(await store.add(a, 'agent@contoso.com', '2026-11-01T09:00:00Z')).toBe(true);
      const q = await measureQuality(createAnswerMatcher(store));
      expect(q.hitRate, q.misses.join('\n')).toBeGreaterThanOrEqual(0.8);
      expect(q.falseOfferRate, q.falseOffers.join('\n')).toBeLessThanOrEqual(0.1);
    } finally {
      await db.destroy();
    }
  });
});
