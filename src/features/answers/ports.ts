/** The answers' ports the commands are handed: the store and the matcher behind one object. */
import type { AnswerPorts } from '../../core/answers';
import { createAnswerMatcher } from './matcher';
import type { AnswerStore } from './store';

/**
 * The ports over `store`, with its matcher (one per process: it keeps the answers' words in memory);
 * `filedSince` counts the tickets filed in a period (the store's search index, src/features/answers/filed.ts).
 */
export function createAnswerPorts(store: AnswerStore, filedSince: (since: string) => Promise<number>): AnswerPorts {
  const matcher = createAnswerMatcher(store);
  return {
    add: (d, by, now) => store.add(d, by, now),
    update: (d, now) => store.update(d, now),
    remove: (name) => store.remove(name),
    get: (name) => store.get(name),
    list: () => store.list(),
    match: (question) => matcher.match(question),
    countAnswered: (key, name, language, at) => store.countAnswered(key, name, language, at),
    answeredSince: (since) => store.answeredSince(since),
    filedSince,
  };
}
