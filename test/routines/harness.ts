/**
 * The digest and preference tests' bot: the embedded site, a notifier on a given store with a
 * pinned clock (poller and digest scheduler), the real Teams channel behind the loopback Bot
 * Connector and the Slack delivery against the Slack stand-in.
 */
import { webApi } from '@slack/bolt';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTeamsChannel } from '../../src/channels/teams';
import { boundFeatures } from '../support/feature-commands';
import { createDigests } from '../../src/features/digests/digest-timer';
import { createOutboxService } from '../../src/notify/outbox-service';
import type { DigestPorts } from '../../src/core';
import { registryOf } from '../../src/commands/registry';
import { createTeamsDelivery, teamsConversationHook } from '../../src/channels/teams/notify-delivery';
import { createSlackDelivery } from '../../src/channels/slack/notify-delivery';
import { createChangeFeed } from '../../src/helpdesk/changes';
import { createLogger } from '../../src/log';
import { createNotifications, type Notifications, type Poller } from '../../src/notify';
import { createServer, type Server } from '../../src/server';
import type { PolicySource } from '../../src/features/sla/policy-source';
import type { Store } from '../../src/store';
import type { FakeConnector } from '../support/fake-connector';
import type { FakeSlack } from '../support/fake-slack';
import type { HelpdeskStack } from '../support/helpdesk-stack';

const FIXTURES = path.resolve(__dirname, '../fixtures/teams');
export const CHANNEL = '19:scrubbedGeneralChannel0000@thread.tacv2';
export const dana = { id: '29:dana', name: 'Dana Agent', aadObjectId: 'aad-dana', email: 'dana@example.com' };
export const logger = createLogger({ level: 'error', write: () => undefined });

/** One running notifier (a process, as far as notifications go). */
export interface Bot {
  store: Store;
  poller: Poller;
  notifications: Notifications;
  /** The digests feature's ports over the same store (what `digest daily …` sets), for a schedule set without a command. */
  digests: DigestPorts;
  server: Server;
  url: string;
  /** Types `text` in the Teams channel with an @mention of the bot, as Dana. */
  sayInTeams(text: string): Promise<void>;
  /** A digest check, then a poll cycle and the sends it owed. */
  check(): Promise<void>;
  close(): Promise<void>;
}

/** What a process start builds around `store`; `clock` is read on every use. */
export async function startBot(opts: { stack: HelpdeskStack; store: Store; connector: FakeConnector; slack: FakeSlack; clock: () => number; sla?: PolicySource; timeZone?: string }): Promise<Bot> {
  const { stack, store, connector, slack } = opts;
  const feed = createChangeFeed(stack.graph, stack.settings);
  // Every listed feature bound once, as src/app.ts binds them: notify runs their parts, the registry their commands.
  const features = await boundFeatures(store, { graph: stack.graph, helpdesk: stack.helpdesk, feed, slaPolicy: opts.sla, vocabulary: stack.helpdesk.vocabulary, timeZone: opts.timeZone ?? 'UTC', now: () => new Date(opts.clock()) });
  const notifications = createNotifications({
    store, feed, helpdesk: stack.helpdesk, vocabulary: stack.helpdesk.vocabulary,
    logger, pollSeconds: 15, timeZone: opts.timeZone, now: () => new Date(opts.clock()), features,
  });
  const teams = createTeamsChannel({ settings: { appType: 'MultiTenant' }, helpdesk: notifications.helpdesk, notifications: notifications.ports, commands: registryOf(features), logger, hooks: { onConversation: teamsConversationHook(store) } });
  const server = createServer({ port: 0, teams, health: async () => ({ ok: true }), logger, allowUnauthenticated: true });
  const url = `http://127.0.0.1:${(await server.listen()).port}/api/messages`;
  const client = new webApi.WebClient(slack.token, { slackApiUrl: slack.apiUrl, retryConfig: { retries: 0 } });
  const poller = notifications.attach([
    createTeamsDelivery({ adapter: teams.adapter, appId: teams.appId, store, logger, minIntervalMs: 0 }),
    createSlackDelivery({ client, store, logger, minIntervalMs: 0 }),
  ]);
  let n = 0;
  return {
    store, poller, notifications, server, url,
    digests: createDigests({ store, outbox: createOutboxService(store), vocabulary: stack.helpdesk.vocabulary, logger, timeZone: opts.timeZone ?? 'UTC', locale: 'en', sla: opts.sla, now: () => new Date(opts.clock()) }).ports,
    async sayInTeams(text) {
      const activity = JSON.parse(readFileSync(path.join(FIXTURES, 'message-channel-mention.json'), 'utf8'));
      activity.id = `${Date.now()}${++n}`;
      activity.serviceUrl = connector.url;
      activity.from = { ...activity.from, id: dana.id, name: dana.name, aadObjectId: dana.aadObjectId };
      activity.text = `<at>Help Desk</at> ${text}`;
      activity.conversation = { ...activity.conversation, id: `${CHANNEL};messageid=${activity.id}` };
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
      if (res.status !== 200) throw new Error(`POST /api/messages answered ${res.status}`);
    },
    async check() {
      await notifications.timers.tick();
      await poller.runOnce();
    },
    async close() {
      await poller.stop();
      await server.close();
    },
  };
}

/** The digests Teams received in the channel, as their cards. */
export function teamsDigests(connector: FakeConnector): Record<string, unknown>[] {
  return connector.activities
    .filter((a) => a.conversationId === CHANNEL && JSON.stringify(a.activity.attachments ?? []).includes('"FactSet"'))
    .map((a) => a.activity.attachments[0].content as Record<string, unknown>);
}

/** The facts of a Teams digest card, `title: value`. */
export function teamsFacts(card: Record<string, unknown>): string[] {
  const body = card.body as { type: string; facts?: { title: string; value: string }[] }[];
  return body.find((b) => b.type === 'FactSet')!.facts!.map((f) => `${f.title}: ${f.value}`);
}

/** The digests Slack received in `channel`, as chat.postMessage bodies. */
export function slackDigests(slack: FakeSlack, channel: string) {
  return slack.messages.filter((m) => m.channel === channel && !m.thread_ts && m.text.startsWith('Help-desk digest'));
}

/** The figures of a Slack digest, `title: value`, from its facts (a section of `*label:* value` lines). */
export function slackFacts(message: { blocks?: unknown[] }): string[] {
  const sections = (message.blocks as { type: string; text?: { text: string }; accessory?: unknown }[]).filter((b) => b.type === 'section' && !b.accessory && b.text);
  const lines = sections.map((b) => b.text!.text.split('\n')).filter((ls) => ls.every((l) => /^\*[^*]+:\* /.test(l)));
  return lines.flat().map((l) => l.replace(/^\*([^*]+):\* /, '$1: '));
}
