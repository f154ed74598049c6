/**
 * The app's registry for a test that starts a channel itself: the ticket core and every listed
 * feature bound to the test's store (as src/app.ts binds them), so agents' cards carry what the
 * features add (SLA clocks…) and each feature's command reads its own services.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { registryOf, type CommandRegistry } from '../../src/commands/registry';
import { DEFAULT_VOCABULARY } from '../../src/settings/groups';
import { bindFeatures, FEATURES, openFeatures, type AnyFeature, type BoundFeatures, type HostServices, type OpenSettings } from '../../src/features';
import { loadConfig } from '../../src/config';
import { createOutboxService } from '../../src/notify/outbox-service';
import type { GraphClient } from '../../src/graph';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { openPolicySource, type PolicySource } from '../../src/features/sla/policy-source';
import { createLogger } from '../../src/log';
import type { Store } from '../../src/store/types';
import type { SavedReplyPorts } from '../../src/core/saved-replies';
import { createSavedReplies } from '../../src/features/saved-replies/saved-replies-table';
import { surveysIn, type SurveyTable } from '../../src/features/surveys/survey-table';

/**
 * What a test may set of the host (an SLA policy, the clock, the desk's vocabulary…, and `opened`:
 * what a feature's `open` step made, by feature name, e.g. routing's rules); the rest as a default
 * deployment has it. Without `graph` (a test of no ticket's files) the files feature's part of a
 * card fails, is logged, and the card goes without it.
 */
export type TestHost = Partial<Omit<HostServices, 'store' | 'helpdesk'>> & { helpdesk?: HostServices['helpdesk']; opened?: Record<string, object> };

/**
 * What a test that binds the features may also set: the settings their `open` steps read, as the
 * environment would set them (`settings: { csat: { enabled: true, scale: 'five' } }` is
 * HELPDESK_CSAT=on; `stormThreshold` is HELPDESK_STORM_THRESHOLD), over TEST_SETTINGS.
 */
export type BoundTestHost = TestHost & { settings?: Partial<OpenSettings> };

/**
 * The settings the test host's features open with: a default deployment's (loadConfig of an empty
 * environment, so no settings file is set), except that surveys are off unless a test turns them on.
 */
export const TEST_SETTINGS: Readonly<OpenSettings> = loadConfig({ HELPDESK_CSAT: 'off' });

const quiet = createLogger({ level: 'error', write: () => undefined });

/** What each listed feature's `open` step makes with TEST_SETTINGS (none of its files set): openFeatures, run once over the list. */
export const UNSET_OPENED: Readonly<Record<string, object>> = (await openFeatures(FEATURES, TEST_SETTINGS, quiet)).own;

/** A host service the test does not give: using it fails naming it (reading it to bind is fine). */
const notGiven = <T>(name: string): T => new Proxy({} as object, {
  get(_target, key) {
    if (key === 'then') return undefined;
    throw new Error(`this test gives no ${name} (it read ${String(key)})`);
  },
}) as T;

/** Every host service, as a default deployment has them, with what the test sets, and what the features opened (src/app.ts builds the same). */
export function testHost(store: Store, host: TestHost = {}): HostServices & { opened: Record<string, object> } {
  return {
    store, graph: undefined as unknown as GraphClient, logger: createLogger({ level: 'error' }),
    vocabulary: DEFAULT_VOCABULARY, locale: 'en', timeZone: 'UTC', slaPolicy: undefined, slackPresence: undefined, now: () => new Date(),
    helpdesk: notGiven('help desk'), feed: notGiven('change feed'), outbox: createOutboxService(store),
    ...host,
    opened: { ...UNSET_OPENED, ...host.opened },
  };
}

/**
 * Every listed feature bound to `store` as src/app.ts binds them: what createNotifications runs
 * (`features`) and the registry reads. The features' `open` steps run over TEST_SETTINGS and the
 * test's `settings`; what the test sets in `opened` (routing's rules) and of the host wins.
 */
export async function boundFeatures(store: Store, host: BoundTestHost = {}, features: readonly AnyFeature[] = FEATURES): Promise<BoundFeatures> {
  const { settings, ...given } = host;
  const opened = await openFeatures(features, { ...TEST_SETTINGS, ...settings }, quiet);
  return bindFeatures(features, { ...testHost(store, { ...opened.supplied, ...given, opened: { ...opened.own, ...given.opened } }), db: await store.featureDatabase() });
}

/** The product's commands and card hooks over `store` (opened with FEATURES' migrations) and the test's help desk (`graph`, the attachments in SD_Attachments). */
export async function featureCommands(store: Store, host: BoundTestHost = {}): Promise<CommandRegistry> {
  return registryOf(await boundFeatures(store, host));
}

/** A policy file a test writes (default: High tickets answered within an hour, round the clock), opened as the app opens HELPDESK_SLA_FILE. */
export async function openTestPolicy(policy: object = { timeZone: 'UTC', hours: { mon: [['08:00', '17:00']] }, targets: { High: { firstResponse: '1h', resolution: '8h', calendar: '24/7' } } }): Promise<PolicySource> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sla-policy-'));
  writeFileSync(path.join(dir, 'sla.json'), JSON.stringify(policy));
  return openPolicySource(path.join(dir, 'sla.json'), { logger: createLogger({ level: 'error' }), priorities: DEFAULT_VOCABULARY.priorities });
}

/** The saved replies a store's database holds (the saved-replies feature's own table). */
export async function savedRepliesIn(store: Store): Promise<SavedReplyPorts> {
  return createSavedReplies(await store.featureDatabase());
}

/** The satisfaction surveys a store's database holds (the surveys feature's own table). */
export const surveysOf = (store: Store): SurveyTable => surveysIn(store);
