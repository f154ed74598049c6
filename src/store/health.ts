/** Whether the store answers, for /healthz: a shared store can be unreachable, SQLite cannot. */
import { codeOf, messageOf, sharedParts } from './errors';
import type { Store } from './types';

/** The store's side of /healthz. */
export interface StoreHealth {
  engine: 'sqlite' | 'postgres';
  reachable: boolean;
  error?: string;
}

/** Asks PostgreSQL for `SELECT 1`, giving up after `timeoutMs` so /healthz always answers quickly. */
export async function storeHealth(store: Store, timeoutMs = 2000): Promise<StoreHealth> {
  const pool = sharedParts(store)?.pool;
  if (!pool) return { engine: 'sqlite', reachable: true };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pool.query('SELECT 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { engine: 'postgres', reachable: true };
  } catch (err) {
    return { engine: 'postgres', reachable: false, error: messageOf(err) || codeOf(err) || 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
