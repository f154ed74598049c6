/**
 * The tour's Teams scene: the process as `npm start` builds it (src/app.ts: the embedded, seeded
 * help-desk site, the store, every feature with the SLA policy of examples/sla.json, the survey
 * and routing (test/tour/routing.json) on, notifications, the real Teams channel behind the real server), reached only through HTTP as
 * the Bot Connector reaches it, with the loopback connector stand-in knowing each person. The
 * poller does not run on its own: the tour runs a cycle when it wants one (the first one too).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/log';
import { startFakeConnector, type FakeConnector } from '../support/fake-connector';

const FIXTURES = path.resolve(__dirname, '../fixtures/teams');
const ROOT = path.resolve(__dirname, '../..');

/** A person on Teams, as the connector's member look-up answers. */
export interface TeamsPerson {
  key: string;
  id: string;
  name: string;
  aadObjectId: string;
  email: string;
}

/** The seeded site's requester and agents (src/emulator/seed.ts). */
export const PEOPLE = {
  lynne: { key: 'lynne', id: '29:tour-lynne', name: 'Lynne Robbins', aadObjectId: 'aad-tour-lynne', email: 'lynner@example.com' },
  megan: { key: 'megan', id: '29:tour-megan', name: 'Megan Bowen', aadObjectId: 'aad-tour-megan', email: 'meganb@example.com' },
  alex: { key: 'alex', id: '29:tour-alex', name: 'Alex Wilber', aadObjectId: 'aad-tour-alex', email: 'alexw@example.com' },
} as const satisfies Record<string, TeamsPerson>;

export const TEAM = '19:tourTeam0000@thread.tacv2';
export const CHANNEL = '19:tourGeneral0000@thread.tacv2';
/** Where a person's 1:1 chat with the bot is. */
export const personalChat = (who: TeamsPerson) => `a:personal-${who.aadObjectId}`;

/** Where an activity is sent: a person's 1:1 chat, the channel (a new post), or a post's thread. */
export type Place = 'personal' | 'channel' | { thread: string };

export interface TeamsTourScene {
  app: App;
  connector: FakeConnector;
  /** What the process logged at warn and above. */
  logLines: string[];
  /** The fixture `name` sent by `who` in `place`, with a fresh id and the stand-in's service URL. */
  activity(name: string, who: TeamsPerson, place: Place): Record<string, any>;
  /** POSTs an activity to /api/messages: the status and the parsed answer. */
  post(activity: Record<string, any>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startTeamsTourScene(): Promise<TeamsTourScene> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tour-teams-'));
  const connector = await startFakeConnector();
  for (const p of Object.values(PEOPLE)) connector.members.set(p.id, { id: p.id, name: p.name, aadObjectId: p.aadObjectId, email: p.email });
  connector.teams.set(TEAM, { name: 'IT', channels: [{ id: TEAM }, { id: CHANNEL, name: 'Help desk' }] });
  const config = loadConfig({
    HELPDESK_DATA_DIR: dir,
    PORT: '0',
    HELPDESK_SLA_FILE: path.join(ROOT, 'examples/sla.json'),
    HELPDESK_CSAT: 'on',
    // Routing on: tickets of the category Other go round robin; the rest are claimed as always.
    HELPDESK_ROUTING_FILE: path.join(ROOT, 'test/tour/routing.json'),
  });
  const logLines: string[] = [];
  const logger = createLogger({ level: 'warn', write: (line) => logLines.push(line) });
  // Unpaced, so what a cycle owes is sent before it returns, whatever the machine's speed.
  const app = await startApp(config, { logger, poll: false, deliveryIntervalMs: 0 });
  const url = `http://${app.host}:${app.port}/api/messages`;
  let seq = 0;
  return {
    app, connector, logLines,
    activity(name, who, place) {
      const activity = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
      activity.id = `${1_800_000_000_000 + ++seq}`;
      activity.serviceUrl = connector.url;
      activity.from = { ...activity.from, id: who.id, name: who.name, aadObjectId: who.aadObjectId };
      if (place === 'personal') {
        activity.conversation = { conversationType: 'personal', tenantId: activity.conversation.tenantId, id: personalChat(who) };
        activity.channelData = { ...activity.channelData, channel: undefined, team: undefined, teamsChannelId: undefined, teamsTeamId: undefined };
      } else {
        const post = place === 'channel' ? activity.id : place.thread;
        activity.conversation = { isGroup: true, conversationType: 'channel', tenantId: activity.conversation.tenantId, id: `${CHANNEL};messageid=${post}` };
        activity.channelData = { ...activity.channelData, channel: { id: CHANNEL }, team: { id: TEAM }, teamsChannelId: CHANNEL, teamsTeamId: TEAM };
      }
      return activity;
    },
    async post(activity) {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(activity) });
      const text = await res.text();
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON (a refusal's plain words): kept as text for the tour's report.
      }
      return { status: res.status, body };
    },
    async close() {
      await app.close();
      await connector.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
