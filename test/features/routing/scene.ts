/**
 * A routing scene over real services: the embedded site (Graph presence, out of office, automatic
 * replies), a fake Slack (presence, status, Do Not Disturb), a SQLite store with every feature's
 * tables, a rules file, and the product's commands bound with routing on.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { webApi } from '@slack/bolt';
import { slackPresenceOver } from '../../../src/channels/slack/presence';
import type { CommandContext, Reply } from '../../../src/commands/types';
import { VERBS } from '../../../src/core';
import { FEATURES, featureMigrations } from '../../../src/features';
import { openRoutingSource } from '../../../src/features/routing/rules-source';
import type { RoutingHost } from '../../../src/features/routing/ports';
import { routerOf, type RoutingServices } from '../../../src/features/routing/routing-services';
import type { Router } from '../../../src/features/routing/router';
import type { Ticket } from '../../../src/helpdesk/types';
import { createLogger } from '../../../src/log';
import { DEFAULT_VOCABULARY } from '../../../src/settings/groups';
import { createSqliteStore, type Store } from '../../../src/store';
import { createOutboxService } from '../../../src/notify/outbox-service';
import { featureCommands } from '../../support/feature-commands';
import { routingOpened } from '../../support/routing-host';
import { startFakeSlack, type FakeSlack, type FakeSlackUser } from '../../support/fake-slack';
import { startHelpdeskStack, type HelpdeskStack } from '../../support/helpdesk-stack';
import type { CommandRegistry } from '../../../src/commands/registry';

export interface RoutingScene {
  stack: HelpdeskStack;
  slack: FakeSlack;
  store: Store;
  router: Router;
  /** What the routing feature is handed here (its clock is the scene's). */
  services: RoutingServices;
  commands: CommandRegistry;
  /** What the log said, parsed. */
  logged: Record<string, unknown>[];
  /** Moves the scene's clock on. */
  advance(ms: number): void;
  /** Runs a typed command (by verb) as the agent with this address. */
  run(email: string, verb: string, values?: Record<string, string>, locale?: string): Promise<Reply>;
  /** A new, unassigned ticket to route. */
  ticket(id: number, fields?: Partial<Ticket>): Ticket;
  close(): Promise<void>;
}

/** Starts the scene with these rules and Slack users. */
export async function startRoutingScene(rules: object, slackUsers: FakeSlackUser[]): Promise<RoutingScene> {
  const stack = await startHelpdeskStack({ service: { agentCacheTtlMs: 0 } });
  const slack = await startFakeSlack({ users: slackUsers.map((u) => structuredClone(u)) });
  const dir = mkdtempSync(path.join(tmpdir(), 'routing-scene-'));
  writeFileSync(path.join(dir, 'routing.json'), JSON.stringify(rules));
  const logged: Record<string, unknown>[] = [];
  const logger = createLogger({ level: 'info', write: (line) => logged.push(JSON.parse(line)) });
  const store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
  const db = await store.featureDatabase();
  let clock = Date.parse('2026-12-07T10:00:00Z');
  const now = () => new Date(clock);
  const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
  const host: RoutingHost = { rules: await openRoutingSource(path.join(dir, 'routing.json'), { logger }) };
  // Slack's view of people through the client, as the host offers it once the Slack channel has started.
  const slackPresence = slackPresenceOver(() => client);
  const services: RoutingServices = { routing: host, slackPresence, helpdesk: stack.helpdesk, graph: stack.graph, logger, vocabulary: DEFAULT_VOCABULARY, slaPolicy: undefined, now, timeZone: 'UTC', store, outbox: createOutboxService(store), db };
  const router = routerOf(services, stack.helpdesk)!;
  const commands = await featureCommands(store, { graph: stack.graph, opened: routingOpened(host), slackPresence, logger, now, vocabulary: stack.helpdesk.vocabulary });
  return {
    stack, slack, store, router, services, commands, logged,
    advance: (ms) => void (clock += ms),
    async run(email, verb, values, locale = 'en') {
      const ctx: CommandContext = { actor: { email, name: email }, helpdesk: stack.helpdesk, conversation: { platform: 'slack', id: 'D1', kind: 'personal' }, channel: {}, locale };
      return commands.handler(verb)!(ctx, { verb, ...(values ? { values } : {}) }, commands.declarations);
    },
    ticket: (id, fields = {}) => ({
      id, etag: `"${id},1"`, created: now().toISOString(), modified: now().toISOString(), title: `Ticket ${id}`, description: '', priority: 'Normal', status: 'New', category: 'Hardware',
      submittedBy: 'Pat', submittedByName: 'Pat', submittedByEmail: 'pattif@example.com', assignedTo: '', ...fields,
    }),
    async close() {
      await store.close();
      await slack.close();
      await stack.close();
    },
  };
}

export { VERBS };
