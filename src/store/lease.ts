/**
 * The poller lease: exactly one replica polls. On PostgreSQL it is a row (holder + expiry, on
 * the database's clock) that the holder renews every ttl/3; when the holder dies or loses the
 * database, the row expires and another replica's next tryAcquire wins it. SQLite means one
 * process, so its lease always holds.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';
import type { Logger } from '../log';
import { messageOf, sharedParts } from './errors';
import type { Store } from './types';

/** Who may poll. The poller asks before every cycle and releases on a clean stop. */
export interface PollerLease {
  /** Acquires the lease, or renews it when this replica holds it; false while another replica does. Throws when the database is unreachable. */
  tryAcquire(): Promise<boolean>;
  /** Gives the lease up at once (clean shutdown), so another replica takes over without waiting for expiry. */
  release(): Promise<void>;
  /** Whether this replica held the lease at its last acquire or renewal. */
  held(): boolean;
  /** This replica's name in the lease table. */
  readonly holder: string;
}

/** The single-process lease: always held. */
export function alwaysHeldLease(): PollerLease {
  return { tryAcquire: async () => true, release: async () => undefined, held: () => true, holder: 'this process' };
}

/** Options for createPgLease. */
export interface PgLeaseConfig {
  pool: pg.Pool;
  /** Lease name; one per poller. */
  name?: string;
  /** How long a lease lives without renewal; another replica takes over at most this long after the holder dies. */
  ttlMs: number;
  logger?: Logger;
  /** Defaults to host:pid:random, unique per process. */
  holder?: string;
  /** Runs before each acquire (the store's migration, when the database was down at start). */
  prepare?: () => Promise<void>;
}

/** A lease row in PostgreSQL, renewed in the background while held. */
export function createPgLease(config: PgLeaseConfig): PollerLease {
  const { pool, ttlMs, logger } = config;
  const name = config.name ?? 'poller';
  const holder = config.holder ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let held = false;
  let renewedAt = 0;
  let keepAlive: NodeJS.Timeout | undefined;

  async function acquire(): Promise<boolean> {
    await config.prepare?.();
    const { rows } = await pool.query(
      `INSERT INTO leases (name, holder, expires_at) VALUES ($1, $2, clock_timestamp() + $3::int * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
       WHERE leases.holder = excluded.holder OR leases.expires_at < clock_timestamp()
       RETURNING holder`,
      [name, holder, Math.round(ttlMs)],
    );
    return rows.length > 0;
  }
  function setHeld(now: boolean): void {
    if (now) renewedAt = Date.now();
    if (now !== held) logger?.info(now ? 'this replica now polls (lease acquired)' : 'this replica stopped polling (lease lost)', { lease: name, holder });
    held = now;
    if (now && !keepAlive) {
      // Renewal runs beside the cycles, so a long cycle does not let the lease lapse.
      keepAlive = setInterval(() => {
        acquire().then(setHeld, (err) => {
          logger?.warn('lease renewal failed', { error: messageOf(err) });
          setHeld(false);
        });
      }, Math.max(50, Math.floor(ttlMs / 3)));
      keepAlive.unref();
    }
    if (!now && keepAlive) {
      clearInterval(keepAlive);
      keepAlive = undefined;
    }
  }

  return {
    holder,
    // A renewal stuck on a hung database counts as lost once the row could have expired.
    held: () => held && Date.now() - renewedAt < ttlMs,
    async tryAcquire() {
      try {
        setHeld(await acquire());
      } catch (err) {
        setHeld(false);
        throw err;
      }
      return held;
    },
    async release() {
      setHeld(false);
      await pool.query(`DELETE FROM leases WHERE name = $1 AND holder = $2`, [name, holder]).catch(() => undefined);
    },
  };
}

/** The lease that fits the store: a PostgreSQL row for the shared store, always-held for SQLite. */
export function leaseFor(store: Store, options: { ttlMs: number; logger?: Logger }): PollerLease {
  const shared = sharedParts(store);
  return shared ? createPgLease({ pool: shared.pool, prepare: shared.ready, ttlMs: options.ttlMs, logger: options.logger }) : alwaysHeldLease();
}
