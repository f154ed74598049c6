/** A real help-desk stack for tests: the emulator on loopback, a Graph client over HTTP, and the service. */
import { DEFAULT_VOCABULARY, type HelpdeskSettings } from '../../src/config';
import { connectionFor, startEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator';
import { createGraphClient } from '../../src/graph';
import type { GraphClient } from '../../src/graph/types';
import { createHelpdeskService, type HelpdeskServiceConfig } from '../../src/helpdesk';
import type { HelpdeskService } from '../../src/helpdesk/types';
import type { Logger } from '../../src/log';

/** Options for startHelpdeskStack. */
export interface HelpdeskStackConfig {
  seed?: 'demo' | 'none';
  settings?: Partial<HelpdeskSettings>;
  dataDir?: string;
  /** Passed through to the service (e.g. agentCacheTtlMs: 0 to see agent changes at once). */
  service?: Partial<Omit<HelpdeskServiceConfig, 'graph' | 'settings'>>;
  /** Where the Graph client and the service log (default: the process log). */
  logger?: Logger;
  /** More emulator options, e.g. `spaces: false` for a site before product 1.5. */
  emulator?: Partial<EmulatorOptions>;
}

/** A running stack; close() stops the emulator. */
export interface HelpdeskStack {
  emulator: Emulator;
  graph: GraphClient;
  helpdesk: HelpdeskService;
  settings: HelpdeskSettings;
  close(): Promise<void>;
}

/** Starts the emulator, a Graph client with small retry delays, and the service with default vocabulary. */
export async function startHelpdeskStack(options: HelpdeskStackConfig = {}): Promise<HelpdeskStack> {
  const emulator = await startEmulator({ ...options.emulator, seed: options.seed ?? 'demo', dataDir: options.dataDir });
  const settings: HelpdeskSettings = {
    target: {
      kind: 'tenant',
      tenantId: emulator.tenantId,
      clientId: emulator.clientId,
      secret: { kind: 'inline', value: emulator.clientSecret },
      siteId: emulator.siteId,
    },
    graphUrl: emulator.url,
    authUrl: emulator.url,
    agentEmailField: 'SD_Email',
    ...DEFAULT_VOCABULARY,
    ...options.settings,
  };
  const graph = createGraphClient({
    ...connectionFor(emulator),
    retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterSeconds: 1 },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const helpdesk = createHelpdeskService({ ...(options.logger ? { logger: options.logger } : {}), ...options.service, graph, settings });
  return { emulator, graph, helpdesk, settings, close: () => emulator.close() };
}
