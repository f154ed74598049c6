/**
 * The app's registry for a test that starts a channel itself: the ticket core and every listed
 * feature bound to the test's store (as src/app.ts binds them), so agents' cards carry what the
 * features add (SLA clocks…).
 */
import { registryOf, type CommandRegistry } from '../../src/commands/registry';
import { bindFeatures, FEATURES } from '../../src/features';
import type { GraphClient } from '../../src/graph';
import type { Vocabulary } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import type { Store } from '../../src/store/types';

/**
 * The product's commands and card hooks over `store` and the test's help desk (`graph`, its
 * `vocabulary`, the attachments in SD_Attachments), at the test's clock `now`.
 */
export async function featureCommands(store: Store, graph: GraphClient, vocabulary: Vocabulary, now: () => Date = () => new Date()): Promise<CommandRegistry> {
  return registryOf(bindFeatures(FEATURES, { store, db: await store.featureDatabase(), graph, vocabulary, now, attachmentsFolder: 'SD_Attachments', logger: createLogger({ level: 'error' }) }));
}
