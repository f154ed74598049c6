/**
 * Answer look-ups before a ticket: the quality set's hit rate and false offers, and the look-up's
 * p95 with 1,000 answers in the store (the 30 curated ones and generated ones around them).
 * Run: npx tsx bench/answers.ts [answers] [--postgres] [--smoke]   (default 1000, SQLite;
 * --postgres runs the same on a private PostgreSQL server, or on BENCH_PG_ADMIN_URL's)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createAnswerMatcher } from '../src/features/answers/matcher';
import { createAnswerStore, type AnswerDraft } from '../src/features/answers/store';
import { FIXTURE_ANSWERS, FIXTURE_QUESTIONS, measureQuality, openAnswersDb } from '../test/support/answers-db';
import { benchDatabase } from './support/postgres';
import { loadAverage, positional, sized } from './support/smoke';

const POSTGRES = process.argv.includes('--postgres');
const TOTAL = Number(positional[0] ?? sized(1000, 60));
const ROUNDS = sized(10, 1);

const TOPICS = ['laptop', 'badge', 'printer', 'licence', 'teams', 'sap', 'excel', 'phone', 'vpn', 'mailbox', 'drucker', 'konto', 'rechnung', 'zugang'];
const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'den', 'sa', 'vor', 'quen', 'bri', 'tal', 'mes', 'ol', 'un', 'rik'];

/** A generated answer: real topic words among made-up ones, so the engine has lists to walk. */
function filler(i: number): AnswerDraft {
  const pick = (n: number) => ((i * 7919 + n * 104729) % 9973);
  const word = (n: number) => [0, 1, 2].map((k) => SYLLABLES[(pick(n) + k * 5) % SYLLABLES.length]).join('');
  const words = (from: number, count: number) => Array.from({ length: count }, (_, k) => (k % 3 === 0 ? TOPICS[(pick(from + k)) % TOPICS.length] : word(from + k)));
  return {
    name: `generated-${i}`,
    language: i % 3 === 0 ? 'de' : 'en',
    title: words(1, 5).join(' '),
    phrases: [words(10, 3).join(' '), words(20, 3).join(' ')],
    body: words(30, 40).join(' '),
    shown: true,
  };
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

const dir = mkdtempSync(path.join(tmpdir(), 'bench-answers-'));
const database = POSTGRES ? await benchDatabase() : undefined;
const db = await openAnswersDb(database?.url ?? path.join(dir, 'answers.db'));
try {
  const store = createAnswerStore(db);
  const now = '2026-11-01T09:00:00Z';
  for (const a of FIXTURE_ANSWERS) await store.add(a, 'bench@contoso.com', now);
  const curated = await measureQuality(createAnswerMatcher(store));
  for (let i = FIXTURE_ANSWERS.length; i < TOTAL; i++) await store.add(filler(i), 'bench@contoso.com', now);

  const matcher = createAnswerMatcher(store);
  const cold = performance.now();
  await matcher.match(FIXTURE_QUESTIONS[0].q);
  const coldMs = performance.now() - cold;
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const { q } of FIXTURE_QUESTIONS) {
      const t = performance.now();
      await matcher.match(q);
      times.push(performance.now() - t);
    }
  }
  const crowded = await measureQuality(matcher);
  // One answer edited by an agent: the next look-up re-reads the list and re-stems only that one.
  await store.update({ ...FIXTURE_ANSWERS[0], body: `${FIXTURE_ANSWERS[0].body} Edited.` }, '2026-11-02T09:00:00Z');
  const changed = performance.now();
  await matcher.match(FIXTURE_QUESTIONS[1].q);
  const changedMs = performance.now() - changed;
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(`engine ${POSTGRES ? 'PostgreSQL' : 'SQLite'}; ${TOTAL} answers; ${FIXTURE_QUESTIONS.length} questions x ${ROUNDS}; load ${loadAverage()}`);
  console.log(`quality, ${FIXTURE_ANSWERS.length} curated answers: top-3 hit rate ${pct(curated.hitRate)}, false offers on near misses ${pct(curated.falseOfferRate)}`);
  console.log(`quality, among ${TOTAL} answers: top-3 hit rate ${pct(crowded.hitRate)}, false offers on near misses ${pct(crowded.falseOfferRate)}`);
  console.log(`look-up: p95 ${p95(times).toFixed(2)} ms; first in a new process ${coldMs.toFixed(1)} ms; first after an answer changed ${changedMs.toFixed(1)} ms; Graph requests 0 (no Graph client is built)`);
} finally {
  await db.destroy();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
}
