/**
 * Every example the help card shows works as typed on the embedded demo site (the one the
 * Playground uses, whose agents are @example.com): typed by the Playground's own user, in a
 * conversation where the command works, it never answers with an error.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleText } from '../../src/commands';
import { REGISTRY, registryOf } from '../../src/commands/registry';
import type { CommandContext, Conversation } from '../../src/commands/types';
import { createChangeFeed } from '../../src/helpdesk/changes';
import type { Actor } from '../../src/helpdesk/types';
import { translator } from '../../src/i18n';
import { createLogger } from '../../src/log';
import { createNotifications } from '../../src/notify';
import { createSqliteStore, type Store } from '../../src/store';
import type { CommandRegistry } from '../../src/commands/registry';
import { boundFeatures } from '../support/feature-commands';
import { FEATURES, featureMigrations } from '../../src/features';
import { startHelpdeskStack, type HelpdeskStack } from '../support/helpdesk-stack';

/** The Agents Playground's default user, an agent of the demo site. */
const ALEX: Actor = { email: 'alexw@example.com', name: 'Alex Wilber' };

let stack: HelpdeskStack;
let store: Store;
let dir: string;
let ports: CommandContext['notifications'];
let commands: CommandRegistry;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'help-examples-'));
  // The features' tables too, as the app opens its store: the answers' and merges' examples use them.
  store = createSqliteStore({ dataDir: dir, features: featureMigrations(FEATURES) });
  // Wired as the app wires it: search reads the store's index, which the poller's first read fills.
  stack = await startHelpdeskStack({ seed: 'demo', service: { searchIndex: store } });
  const logger = createLogger({ level: 'error', write: () => undefined });
  const feed = createChangeFeed(stack.graph, stack.settings);
  const features = await boundFeatures(store, { graph: stack.graph, vocabulary: stack.helpdesk.vocabulary, helpdesk: stack.helpdesk, feed });
  const notifications = createNotifications({ store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary, logger, pollSeconds: 3600, features });
  ports = notifications.ports;
  commands = registryOf(features);
  await notifications.attach([]).runOnce();
}, 30_000);
afterAll(async () => {
  await store?.close();
  await stack?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The examples the help card shows an agent, in `locale`, with the command each belongs to. */
async function helpExamples(locale: string): Promise<{ command: string; typed: string }[]> {
  const reply = await handleText(context('personal', locale), 'help');
  expect(reply.view.type).toBe('help');
  if (reply.view.type !== 'help') return [];
  const prefix = translator(locale)('views:help.example', { example: '' });
  return reply.view.help.groups.flatMap((g) => g.commands.map((c) => ({ command: c.name, typed: c.example.replace(prefix, '').trim() })));
}

function context(kind: Conversation['kind'], locale: string): CommandContext {
  return { actor: ALEX, helpdesk: stack.helpdesk, notifications: ports, commands, locale, conversation: { platform: 'teams', id: `conv-${kind}-${locale}`, kind }, channel: {} };
}

describe('the help card\'s examples on the demo site', () => {
  for (const locale of ['en', 'de']) {
    it(`each runs as typed without an error answer (${locale})`, async () => {
      const examples = await helpExamples(locale);
      expect(examples.length).toBe(REGISTRY.declarations.length);
      const failed: string[] = [];
      for (const { command, typed } of examples) {
        const scopes = REGISTRY.named(command)!.scopes;
        // Where the command works: a personal chat when it may, else a channel.
        const reply = await handleText(context(scopes.includes('personal') ? 'personal' : 'channel', locale), typed);
        if (reply.view.type === 'error') failed.push(`${typed}: ${reply.view.error.message}`);
      }
      expect(failed).toEqual([]);
    });
  }
});
