/**
 * The embedded help-desk site: a loopback HTTP server speaking Microsoft Graph's list-item
 * contract and Entra ID's client-credentials token endpoint on one port, so the product runs
 * with no tenant and tests exercise real HTTP, msal-node and paging.
 */
import type { GraphClientConfig } from '../graph';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_INDEXES, specOf, type ColumnSpec } from './columns';
import { createDriveStore, type DriveState } from './drive';
import { createCounters, createFaults, type FaultStatus, type ResourceUnits } from './faults';
export type { ResourceUnits } from './faults';
import { etagOf, LIST_NAMES, createListStore } from './lists';
import { GraphFail } from './items';
import { seedDemo } from './seed';
import { createHandler } from './server';
import { createPeople, type PeopleStore } from './people';
import type { Identity } from './token';

export { DEMO_AGENTS } from './seed';
export type { DriveState } from './drive';
export { DEFAULT_INDEXES, LIST_VIEW_THRESHOLD, type ColumnSpec, type ColumnType } from './columns';

/** How to start the emulator; everything is optional. */
export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** Persist under `${dataDir}/emulator/` (SQLite, written before each answer); undefined = memory only. */
  dataDir?: string;
  tenantId?: string;
  clientId?: string;
  clientSecret?: string;
  /** Shape '<host>,<guid>,<guid>'. */
  siteId?: string;
  /** Default 'demo', applied only when nothing was loaded from dataDir. */
  seed?: 'demo' | 'none';
  tokenLifetimeSeconds?: number;
  /** Columns to leave without an index, e.g. `{ SD_Tickets: ['SD_Status'] }` (default: every column in DEFAULT_INDEXES is indexed). */
  unindexed?: Partial<Record<string, readonly string[]>>;
  /** Replaces DEFAULT_INDEXES for the lists named. */
  indexes?: Partial<Record<string, readonly string[]>>;
  /** Added to every Graph request (not token requests) before it is answered, as a tenant's round trip (default 0). */
  latencyMs?: number;
  /** Default true: the site runs product 1.5+ and SD_Tickets has SD_SpaceId. False: a site before 1.5, without the column (the demo's tickets carry no space). */
  spaces?: boolean;
}

/** A running emulator with test controls. */
export interface Emulator {
  /** 'http://127.0.0.1:PORT' — Graph base and auth base. */
  url: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  siteId: string;
  /** The site's default document library (files under `${dataDir}/emulator/drive`). */
  drive: {
    /** 'missing': no library (404); 'read-only': the app may read, not write (403). */
    setState(state: DriveState): void;
    /** Names and sizes in a folder ('SD_Attachments/12'); empty when there is no such folder. */
    children(folder: string): { name: string; size: number }[];
    /** The file on disk behind a library path, if there is one. */
    path(rel: string): string | undefined;
    /** Ends every open upload session now (their URLs answer 404). */
    expireSessions(): void;
  };
  faults: {
    /**
     * Next `count` Graph requests (not token requests; of `options.route` only, when given: a counter
     * key such as 'PUT upload-session') answer with this status; 429/503 carry Retry-After.
     */
    inject(status: FaultStatus, count?: number, options?: { retryAfterSeconds?: number; route?: string }): void;
    /** Next `count` Graph requests have their connection destroyed without an answer. */
    dropConnections(count?: number): void;
    /** Next `count` Graph requests (of `route` only, when given) wait `ms` before they are handled (a hung service). */
    hang(ms: number, count?: number, route?: string): void;
    /** Next `count` token requests answer with this status; 503 carries Retry-After. */
    injectToken(status: FaultStatus, count?: number): void;
    clear(): void;
  };
  /**
   * The tenant's people as routing reads them (Graph presence, out of office, automatic replies): every
   * agent of the site is a user, Available, until `set` says otherwise. Faults for these routes: 'POST
   * communications/getPresencesByUserId', 'GET users/{id}', 'GET users', 'GET users/{id}/mailboxSettings/automaticRepliesSetting'.
   */
  people: Pick<PeopleStore, 'set' | 'idOf' | 'deny' | 'allow'>;
  /** Rotate the client secret: the old one stops working at once (AADSTS7000215). Returns the new secret. */
  rotateSecret(newSecret?: string): string;
  /** Expire every issued access token now. */
  expireTokens(): void;
  setTokenLifetime(seconds: number): void;
  /**
   * Request counts by route, faults and errors included. Keys: 'POST /token', 'GET openid-configuration',
   * 'GET keys', '<METHOD> <list>/items', '<METHOD> <list>/items/{id}', 'GET|PATCH <list>/items/{id}/fields'
   * (e.g. 'GET SD_Tickets/items', 'PATCH SD_Tickets/items/{id}/fields', 'POST SD_Comments/items',
   * 'DELETE SD_Tickets/items/{id}', 'GET SD_Tickets/columns'; an unknown list counts under its own name), '<METHOD> other';
   * the library: 'GET drive/item', 'GET drive/children', 'PUT drive/content', 'POST drive/createUploadSession',
   * 'DELETE drive/item', and an upload URL's 'PUT|GET|DELETE upload-session'.
   */
  counters: { get(route: string): number; all(): Record<string, number>; peakInFlight(): number; reset(): void; ru(): ResourceUnits };
  /** Changes the latency added to every Graph request. */
  setLatency(ms: number): void;
  /** Column indexes and definitions, as list settings › Indexed columns, Create column and Edit column change them. */
  columns: {
    setIndexed(list: string, column: string, indexed: boolean): void;
    indexed(list: string): string[];
    /**
     * Adds a column or changes one (type, choices, required, hidden, read-only, display name);
     * what `change` leaves out keeps its value. Items keep their values, as on SharePoint.
     */
    define(list: string, column: string, change: Partial<ColumnSpec>): void;
    /** Adds a value at the end of a choice column's choices. */
    addChoice(list: string, column: string, value: string): void;
    /** Removes a value from a choice column's choices; items that hold it keep it. */
    removeChoice(list: string, column: string, value: string): void;
    /** The column's definition as /columns serves it. */
    definition(list: string, column: string): ColumnSpec;
  };
  /** Direct data access for tests and benchmarks, bypassing HTTP. */
  data: {
    insert(list: string, fields: Record<string, unknown>, at?: { created?: Date; modified?: Date }): { id: string; etag: string };
    bulkInsert(list: string, rows: Record<string, unknown>[]): void;
    update(list: string, id: string, fields: Record<string, unknown>): void;
    get(list: string, id: string): { id: string; etag: string; fields: Record<string, unknown> } | undefined;
    count(list: string): number;
    clear(list?: string): void;
  };
  /** Stops listening and closes the data file. */
  close(): Promise<void>;
}

/** Demo registration values used when options leave them out. */
export const EMULATOR_DEFAULTS = {
  tenantId: '5f8a1c2e-3b4d-4e6f-9a0b-1c2d3e4f5a6b',
  clientId: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  clientSecret: 'emulator~demo-secret.not-for-production',
  siteId: 'contoso.sharepoint.com,2b7c4e91-5d3a-4f86-b0c2-7e1a9d4f6b35,8e3f1a27-6c4b-4d95-a2e8-3f7b1c9d5e60',
} as const;

/** Starts the emulator on loopback; resolves once it is listening. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const indexes: Record<string, readonly string[]> = {};
  for (const name of LIST_NAMES) {
    const skip = new Set(options.unindexed?.[name] ?? []);
    indexes[name] = (options.indexes?.[name] ?? DEFAULT_INDEXES[name] ?? []).filter((c) => !skip.has(c));
  }
  const store = createListStore(options.dataDir, indexes);
  if (options.spaces === false) {
    store.table('SD_Tickets')!.columns.delete('SD_SpaceId');
    store.table('SD_Tickets')!.indexed.delete('SD_SpaceId');
  }
  if (store.fresh && (options.seed ?? 'demo') === 'demo') seedDemo(store, Date.now(), { spaces: options.spaces !== false });
  const identity: Identity = {
    tenantId: options.tenantId ?? EMULATOR_DEFAULTS.tenantId,
    clientId: options.clientId ?? EMULATOR_DEFAULTS.clientId,
    clientSecret: options.clientSecret ?? EMULATOR_DEFAULTS.clientSecret,
    lifetimeSeconds: options.tokenLifetimeSeconds ?? 3599,
    tokens: new Map(),
  };
  const siteId = options.siteId ?? EMULATOR_DEFAULTS.siteId;
  const drive = createDriveStore(options.dataDir);
  const faults = createFaults();
  const counters = createCounters();
  const host = options.host ?? '127.0.0.1';
  let hostPort = '';
  let latencyMs = options.latencyMs ?? 0;
  const people = createPeople(() => [...(store.table('SD_Agents')?.items.values() ?? [])].map((i) => String(i.fields.SD_Email ?? '')).filter((a) => a.includes('@')));
  const server: Server = createServer(createHandler({ identity, store, drive, people, faults, counters, siteId, hostPort: () => hostPort, latencyMs: () => latencyMs }));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  hostPort = `${host.includes(':') ? `[${host}]` : host}:${port}`;

  const table = (list: string) => {
    const t = store.table(list);
    if (!t) throw new Error(`emulator: no list named '${list}' (lists: ${LIST_NAMES.join(', ')})`);
    return t;
  };

  return {
    url: `http://${hostPort}`,
    get tenantId() { return identity.tenantId; },
    get clientId() { return identity.clientId; },
    get clientSecret() { return identity.clientSecret; },
    siteId,
    drive: {
      setState(next) {
        drive.state = next;
      },
      children(folder) {
        try {
          return drive.children(folder, `http://${hostPort}`).map((i) => ({ name: String(i.name), size: Number(i.size) }));
        } catch (e) {
          if (e instanceof GraphFail && e.status === 404) return [];
          throw e;
        }
      },
      path: (rel) => drive.filePath(rel),
      expireSessions: () => drive.expireSessions(),
    },
    people: { set: people.set, idOf: people.idOf, deny: people.deny, allow: people.allow },
    faults: { inject: faults.inject, dropConnections: faults.dropConnections, hang: faults.hang, injectToken: faults.injectToken, clear: faults.clear },
    rotateSecret(newSecret) {
      identity.clientSecret = newSecret ?? `emu${randomBytes(3).toString('hex')}~${randomBytes(24).toString('base64url')}`;
      return identity.clientSecret;
    },
    expireTokens() {
      const now = Date.now();
      for (const t of identity.tokens.keys()) identity.tokens.set(t, now);
    },
    setTokenLifetime(seconds) {
      identity.lifetimeSeconds = seconds;
    },
    counters: { get: counters.get, all: counters.all, peakInFlight: counters.peakInFlight, reset: counters.reset, ru: counters.ru },
    setLatency(ms) {
      latencyMs = Math.max(0, ms);
    },
    columns: {
      setIndexed(list, column, indexed) {
        const t = table(list);
        if (indexed) t.indexed.add(column);
        else t.indexed.delete(column);
      },
      indexed: (list) => [...table(list).indexed],
      define(list, column, change) {
        const t = table(list);
        const before = specOf(t, column);
        t.columns.add(column);
        t.specs.set(column, { ...before, ...change, choices: [...(change.choices ?? before.choices ?? [])] });
      },
      addChoice(list, column, value) {
        const t = table(list);
        const before = specOf(t, column);
        if (before.type !== 'choice') throw new Error(`emulator: ${list}.${column} is a ${before.type} column, not a choice column`);
        t.specs.set(column, { ...before, choices: [...(before.choices ?? []), value] });
      },
      removeChoice(list, column, value) {
        const t = table(list);
        const before = specOf(t, column);
        t.specs.set(column, { ...before, choices: (before.choices ?? []).filter((c) => c !== value) });
      },
      definition: (list, column) => structuredClone(specOf(table(list), column)),
    },
    data: {
      insert(list, fields, at) {
        const item = store.insert(list, fields, at);
        return { id: String(item.id), etag: etagOf(item) };
      },
      bulkInsert: (list, rows) => store.bulkInsert(list, rows),
      update: (list, id, fields) => void store.update(list, Number(id), fields),
      get(list, id) {
        const item = table(list).items.get(Number(id));
        if (!item) return undefined;
        return { id: String(item.id), etag: etagOf(item), fields: { ...item.fields, Created: item.created, Modified: item.modified } };
      },
      count: (list) => table(list).items.size,
      clear: (list) => store.clear(list),
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.close();
      drive.close();
    },
  };
}

/** The Graph client settings that reach this embedded site with its own app registration. */
export function connectionFor(
  emulator: Pick<Emulator, 'url' | 'tenantId' | 'clientId' | 'clientSecret' | 'siteId'>,
): Pick<GraphClientConfig, 'graphUrl' | 'authUrl' | 'tenantId' | 'clientId' | 'secret' | 'siteId'> {
  return {
    graphUrl: emulator.url,
    authUrl: emulator.url,
    tenantId: emulator.tenantId,
    clientId: emulator.clientId,
    secret: { kind: 'inline', value: emulator.clientSecret },
    siteId: emulator.siteId,
  };
}
