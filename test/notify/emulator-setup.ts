/** The poller against the real emulator over HTTP, with a recording Delivery at the port. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_VOCABULARY } from '../../src/config';
import { connectionFor, startEmulator, type Emulator } from '../../src/emulator';
import { createGraphClient, type GraphClient } from '../../src/graph';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createDeliverer, createPoller, createSendQueue, type Delivery, type Poller } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import { FEATURES, featureMigrations } from '../../src/features';
import { surveysFeature } from '../../src/features/surveys/surveys-feature';
import { searchFeature } from '../../src/features/search/search-feature';
import { boundFeatures } from '../support/feature-commands';

export const vocabulary = DEFAULT_VOCABULARY;

/** A Graph client on the emulator with quick retries. */
export function graphFor(emu: Emulator, retry = { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterSeconds: 5 }): GraphClient {
  return createGraphClient({
    ...connectionFor(emu), retry,
    logger: createLogger({ level: 'error', write: () => undefined }),
  });
}

export interface PollRig {
  emu: Emulator;
  graph: GraphClient;
  store: Store;
  poller: Poller;
  dir: string;
  lines: string[];
  /** A new poller (and store) on the same SQLite file: a restart. */
  restart(deliveries: Deliveries): Promise<PollRig>;
  close(): Promise<void>;
}

/** Deliveries, or a factory given the rig's own store (the Slack/Teams deliveries read addresses from it). */
export type Deliveries = Delivery[] | ((store: Store) => Delivery[]);

/** Emulator + Graph + store + poller. Reuses `emu`/`dir` when given (restarts). */
export async function startRig(deliveries: Deliveries, reuse: { emu?: Emulator; dir?: string; graph?: GraphClient; pollSeconds?: number; csat?: boolean } = {}): Promise<PollRig> {
  const emu = reuse.emu ?? (await startEmulator({ seed: 'none' }));
  const dir = reuse.dir ?? mkdtempSync(path.join(tmpdir(), 'notify-'));
  const graph = reuse.graph ?? graphFor(emu);
  // As the app opens it: the features' tables as their migrations leave them.
  const store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (l) => lines.push(l) });
  const deliverer = createDeliverer({ deliveries: typeof deliveries === 'function' ? deliveries(store) : deliveries, store, queue: createSendQueue(), logger, vocabulary });
  // The search feature's index, kept from what the poller reads; with `csat`, a resolution also owes its survey
  // (the surveys feature's planning hook): both bound as src/app.ts binds them.
  const { planHooks, indexers } = await boundFeatures(store, { logger, settings: { csat: { enabled: true, scale: 'five' } } }, reuse.csat ? [searchFeature, surveysFeature] : [searchFeature]);
  const poller = createPoller({ feed: createChangeFeed(graph, {}), store, deliverer, vocabulary, logger, pollSeconds: reuse.pollSeconds ?? 15, planHooks, indexers });
  const rig: PollRig = {
    emu, graph, store, poller, dir, lines,
    async restart(next) {
      await poller.stop();
      await store.close();
      return startRig(next, { emu, dir, graph, pollSeconds: reuse.pollSeconds, csat: reuse.csat });
    },
    async close() {
      await poller.stop();
      await store.close();
      await emu.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return rig;
}

/** Graph requests the emulator answered, token endpoint and discovery left out. */
export function graphRequests(emu: Emulator): number {
  return Object.entries(emu.counters.all())
    .filter(([route]) => !/token|openid|keys/i.test(route))
    .reduce((n, [, v]) => n + v, 0);
}

/** Ticket fields for emulator rows (tests may name fields; only src/ is held to the boundary). */
export function ticketRow(i: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Title: `Ticket ${i}`, SD_Description: 'desc', SD_Priority: 'Normal', SD_Status: 'New', SD_Category: 'Hardware',
    SD_SubmittedBy: 'alex@contoso.com', SD_SubmittedByName: 'Alex Requester', SD_SubmittedByEmail: 'alex@contoso.com', SD_AssignedTo: '',
    ...over,
  };
}
