/** An in-process inbound idempotency record, for a single process run without a shared Store. */
import { LRUCache } from 'lru-cache';

/** Claims inbound ids like Store.claimInbound, bounded in size and time; 'duplicate' for a repeat. */
export function memoryClaims(max = 50_000): { claimInbound(key: string, ttlMs: number): Promise<'first' | 'duplicate'> } {
  const seen = new LRUCache<string, true>({ max, ttl: 60 * 60_000 });
  return {
    async claimInbound(key, ttlMs) {
      if (seen.has(key)) return 'duplicate';
      seen.set(key, true, { ttl: ttlMs });
      return 'first';
    },
  };
}
