/**
 * Which answers a question finds, and whether well enough to offer them. The engine retrieves a
 * few candidates with its own stemming (fulltext.ts); they are scored here, the same on both
 * engines: the share of the question's meaningful words (each weighted by how rare it is among
 * the answers) that the answer holds, a word in the title or phrases counting fully, one only
 * in the text less. A word one typing slip away from an answer's word ("pasword", "outlok")
 * counts as that word. Costs no Graph request: the answers live in the store, and a copy of
 * their words is kept in memory until one of them changes.
 */
import { oneEditApart } from '../../core/spelling';
import type { Answer, AnswerStore } from './store';
import { ANSWER_LANGUAGES, meaningfulTerms, stemOf, stemsOf, type AnswerLanguage } from '../../store/search-stems';

/** The score from which an answer is offered (0..1); set on the quality fixtures (test/fixtures/answers). */
export const OFFER_THRESHOLD = 0.5;

/** Most answers offered at once. */
export const MAX_OFFERS = 3;

/** How many candidates the engine hands the scorer per language. */
const CANDIDATES = 25;

/** One answer found for a question. */
export interface AnswerMatch {
  answer: Answer;
  /** 0..1; OFFER_THRESHOLD and up is offered. */
  score: number;
}

/** Finds answers for questions. */
export interface AnswerMatcher {
  /** Up to `limit` shown answers scoring OFFER_THRESHOLD or more, best first. */
  match(question: string, limit?: number): Promise<AnswerMatch[]>;
  /** Every candidate's score, best first, offered or not (the bench and the quality test). */
  score(question: string): Promise<AnswerMatch[]>;
}

interface Entry {
  answer: Answer;
  strong: Set<string>;
  weak: Set<string>;
  /** Its unstemmed words, for typing slips. */
  words: string[];
}

interface Collection {
  entries: Map<string, Entry>;
  /** How many answers hold each stem. */
  df: Map<string, number>;
  /** Every unstemmed word of the answers, for typing slips. */
  vocabulary: Set<string>;
}

/** One answer's words; stemmed once per version of the answer. */
const entryOf = (a: Answer): Entry => ({
  answer: a,
  strong: new Set(stemsOf([a.title, ...a.phrases].join('\n'), a.language)),
  weak: new Set(stemsOf(a.body, a.language)),
  words: meaningfulTerms([a.title, ...a.phrases, a.body].join('\n'), a.language),
});

const collect = (entries: readonly Entry[], language: AnswerLanguage): Collection => {
  const c: Collection = { entries: new Map(), df: new Map(), vocabulary: new Set() };
  for (const e of entries) {
    if (e.answer.language !== language || !e.answer.shown) continue;
    c.entries.set(e.answer.name, e);
    for (const s of new Set([...e.strong, ...e.weak])) c.df.set(s, (c.df.get(s) ?? 0) + 1);
    for (const t of e.words) c.vocabulary.add(t);
  }
  return c;
};

/** Stems that stand for the same word: equal, one slip apart, or one the start of the other (German compounds). */
function likeness(q: string, s: string): number {
  if (q === s) return 1;
  if (q.length >= 5 && s.length >= 5 && oneEditApart(q, s)) return 0.8;
  const [short, long] = q.length <= s.length ? [q, s] : [s, q];
  if (short.length >= 5 && long.startsWith(short)) return 0.6;
  return 0;
}

const best = (q: string, stems: Set<string>): number => {
  if (stems.has(q)) return 1;
  let m = 0;
  for (const s of stems) m = Math.max(m, likeness(q, s));
  return m;
};

/** The share of the question's weighted words an answer holds. */
function scoreEntry(question: readonly string[], weights: readonly number[], e: Entry): number {
  let held = 0;
  let total = 0;
  for (const [i, q] of question.entries()) {
    total += weights[i];
    held += weights[i] * Math.max(best(q, e.strong), 0.7 * best(q, e.weak));
  }
  return total ? held / total : 0;
}

/** The matcher over `store`. */
export function createAnswerMatcher(store: AnswerStore): AnswerMatcher {
  let cached: { revision: string; collections: Map<AnswerLanguage, Collection> } | undefined;
  // Stemmed answers by name and version: a change re-stems only the answers that changed.
  let stemmed = new Map<string, Entry>();
  const collections = async () => {
    const revision = await store.revision();
    if (cached?.revision !== revision) {
      const all = await store.list();
      const next = new Map<string, Entry>();
      for (const a of all) {
        const had = stemmed.get(a.name);
        next.set(a.name, had && had.answer.version === a.version && had.answer.updatedAt === a.updatedAt ? had : entryOf(a));
      }
      stemmed = next;
      cached = { revision, collections: new Map(ANSWER_LANGUAGES.map((l) => [l, collect([...next.values()], l)])) };
    }
    return cached.collections;
  };

  const scoreIn = async (question: string, language: AnswerLanguage, c: Collection): Promise<AnswerMatch[]> => {
    const words = [...new Set(meaningfulTerms(question, language))];
    if (!words.length || !c.entries.size) return [];
    // A word the answers lack is also looked up as the answers' words one slip away from it.
    const slips = words.filter((w) => w.length >= 4 && !c.vocabulary.has(w))
      .flatMap((w) => [...c.vocabulary].filter((v) => v.length >= 4 && oneEditApart(w, v)));
    const names = await store.candidates(language, [...words, ...slips], CANDIDATES);
    const stems = [...new Set(words.map((w) => stemOf(w, language)))];
    const n = c.entries.size;
    // Rare words weigh more; a word no answer holds weighs as one held by a few, so a slip nothing corrects costs less.
    const weights = stems.map((s) => Math.log(1 + n / ((c.df.get(s) ?? 2) + 1)));
    return names.flatMap((name) => {
      const e = c.entries.get(name);
      return e ? [{ answer: e.answer, score: scoreEntry(stems, weights, e) }] : [];
    });
  };

  const score = async (question: string) => {
    const all = await collections();
    const found = (await Promise.all(ANSWER_LANGUAGES.map((l) => scoreIn(question, l, all.get(l)!)))).flat();
    return found.sort((a, b) => b.score - a.score || a.answer.name.localeCompare(b.answer.name));
  };

  return {
    score,
    async match(question, limit = MAX_OFFERS) {
      return (await score(question)).filter((m) => m.score >= OFFER_THRESHOLD).slice(0, limit);
    },
  };
}
