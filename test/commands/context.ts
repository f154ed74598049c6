/** Small context builders for command tests: real handlers, the real service over the embedded site. */
import type { CommandContext, Conversation, ConversationPorts, SubscriptionFilter } from '../../src/commands/types';
import type { Actor } from '../../src/helpdesk/types';
import { createLogger, type Logger } from '../../src/log';
import type { CommandRegistry } from '../../src/commands/registry';
import { memoryDecisions } from '../../src/commands/once-memory';
import { FEATURES, featureMigrations } from '../../src/features';
import { createSqliteStore, type Store } from '../../src/store';
import { featureCommands } from '../support/feature-commands';
import { sharedSeededHelpdesk, type SeededHelpdesk } from '../support/seeded-helpdesk';

export const DANA: Actor = { email: 'dana.agent@contoso.test', name: 'Dana Agent' };
export const SAM: Actor = { email: 'sam.agent@contoso.test', name: 'Sam Agent' };
export const RIA: Actor = { email: 'ria.requester@contoso.test', name: 'Ria Requester' };
export const OTTO: Actor = { email: 'otto.other@contoso.test', name: 'Otto Other' };

/** The help desk (active agents Dana and Sam), emptied of tickets, comments and assets; one per test file. */
export const helpdesk: () => Promise<SeededHelpdesk> = sharedSeededHelpdesk([DANA, SAM]);

/** In-memory notification store as commands see it. */
export function notificationStore() {
  const subs = new Map<string, SubscriptionFilter[]>();
  const muted = new Set<string>();
  const ports: ConversationPorts = {
    async subscribe(conversation, filter) {
      const list = subs.get(conversation.id) ?? [];
      if (!list.some((f) => JSON.stringify(f) === JSON.stringify(filter))) list.push(filter);
      subs.set(conversation.id, list);
    },
    async unsubscribe(conversation, filter) {
      const list = subs.get(conversation.id) ?? [];
      const keep = filter ? list.filter((f) => JSON.stringify(f) !== JSON.stringify(filter)) : [];
      subs.set(conversation.id, keep);
      return list.length - keep.length;
    },
    async subscriptions(conversation) {
      return [...(subs.get(conversation.id) ?? [])];
    },
    async setMuted(email, value) {
      if (value) muted.add(email);
      else muted.delete(email);
    },
    // Nothing else is kept: no notice was sent, no draft kept, no language set.
    recordAction: async () => undefined,
    lastNotice: async () => undefined,
    noticeOf: async () => undefined,
    followCard: async () => undefined,
    keepDraft: async () => { throw new Error('this test keeps no drafts'); },
    draft: async () => undefined,
    language: async () => undefined,
    personLanguage: async () => undefined,
    defaultLanguage: 'en',
    decisions: memoryDecisions(),
  };
  return { ports, subs, muted };
}

/** Failures the tests provoke on purpose need not reach the terminal. */
const quiet = createLogger({ level: 'error', write: () => undefined });

/** A command context for one person in one conversation. */
export function context(
  desk: SeededHelpdesk,
  actor: Actor,
  options: { kind?: Conversation['kind']; notifications?: ConversationPorts; users?: Record<string, { email: string; name: string }>; logger?: Logger; commands?: CommandRegistry } = {},
): CommandContext {
  const users = options.users;
  return {
    actor,
    helpdesk: desk,
    conversation: { platform: 'teams', id: 'conv-1', kind: options.kind ?? 'channel' },
    channel: users ? { resolveUser: async (ref) => users[ref] } : {},
    notifications: options.notifications,
    logger: options.logger ?? quiet,
    ...(options.commands ? { commands: options.commands } : {}),
  };
}

/** An in-memory store with every feature's tables and the app's registry over it: the features' commands run as in the app. */
export async function featureStore(): Promise<{ store: Store; commands: CommandRegistry }> {
  const store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
  return { store, commands: await featureCommands(store) };
}
