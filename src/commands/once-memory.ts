/** Decisions kept in this process, for a channel run without a shared store (tests, a single process). */
import { LRUCache } from 'lru-cache';
import type { DecisionPorts } from '../core/decisions';

/** DecisionPorts in memory, bounded in size; the claim is decided synchronously, so it is atomic in one process. */
export function memoryDecisions(max = 50_000): DecisionPorts {
  const rows = new LRUCache<string, { reply?: unknown }>({ max });
  return {
    async claim(key, pendingMs) {
      if (rows.has(key)) return 'taken';
      rows.set(key, {}, { ttl: pendingMs });
      return 'won';
    },
    async outcome(key) {
      const row = rows.get(key);
      if (!row) return undefined;
      return 'reply' in row ? { reply: row.reply } : 'pending';
    },
    async settle(key, reply, keepMs) {
      rows.set(key, { reply }, { ttl: keepMs });
    },
    async release(key) {
      rows.delete(key);
    },
  };
}
