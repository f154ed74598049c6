/**
 * The app's registry for a test that starts a channel itself: the ticket core and every listed
 * feature bound to the test's store (as src/app.ts binds them), so agents' cards carry what the
 * features add (SLA clocks…) and each feature's command reads its own services.
 */
import { registryOf, type CommandRegistry } from '../../src/commands/registry';
import { DEFAULT_VOCABULARY } from '../../src/settings/groups';
import { bindFeatures, FEATURES, type HostServices } from '../../src/features';
import type { GraphClient } from '../../src/graph';
import { createLogger } from '../../src/log';
import type { Store } from '../../src/store/types';

/** What a test may set of the host (an SLA policy, the clock, the desk's vocabulary…); the rest as a default deployment has it. */
export type TestHost = Partial<Omit<HostServices, 'store' | 'graph'>>;

/** The product's commands and card hooks over `store` and the test's help desk (`graph`, the attachments in SD_Attachments). */
export async function featureCommands(store: Store, graph: GraphClient, host: TestHost = {}): Promise<CommandRegistry> {
  return registryOf(bindFeatures(FEATURES, {
    store, db: await store.featureDatabase(), graph, attachmentsFolder: 'SD_Attachments', logger: createLogger({ level: 'error' }),
    vocabulary: DEFAULT_VOCABULARY, locale: 'en', timeZone: 'UTC', slaPolicy: undefined, now: () => new Date(),
    ...host,
  }));
}
