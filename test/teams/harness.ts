/**
 * Test harness: the real server + Teams channel + help-desk stack (emulator over HTTP) + the loopback
 * Bot Connector stand-in. Fixtures are recorded, scrubbed Teams payloads; only ids/text are varied.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTeamsChannel, type TeamsChannel, type TeamsChannelConfig } from '../../src/channels/teams';
import type { TeamsSettings } from '../../src/config';
import type { Actor } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { createServer } from '../../src/server';
import { startFakeConnector, type FakeConnector, type FakeMember, type RecordedActivity } from '../support/fake-connector';
import { startHelpdeskStack, type HelpdeskStackConfig } from '../support/helpdesk-stack';

type Stack = Awaited<ReturnType<typeof startHelpdeskStack>>;
export type Activity = Record<string, any>;

/**
 * Teams users the fixtures talk as. Lynne is a requester (the fixtures' recorded sender id); Dana and
 * Lee are played by the stack's first two active agents; Grady has only a UPN.
 */
export const USERS = {
  lynne: { id: '29:1Xq3scrubbedAlexWilberUserIdR8fGk2', name: 'Lynne Robbins', aadObjectId: '6b1f8b0e-1111-4c41-9a55-0000000a1ec5' },
  dana: { id: '29:1Zk9scrubbedDanaAgentUserIdP0aQ7', name: 'Dana Agent', aadObjectId: '9c2d7e11-2222-4b8e-8a10-0000000da7a0' },
  lee: { id: '29:1Lee0scrubbedLeeAgentUserIdQ1bR8', name: 'Lee Agent', aadObjectId: '1e3f5a7c-3333-4d2e-9b21-00000000a1ee' },
  noEmail: { id: '29:1Guest0scrubbedGuestUserIdZ9', name: 'Guest User', aadObjectId: '00000000-4444-4444-8444-00000000c0de' },
  grady: { id: '29:1Grady0scrubbedGradyUserIdM3', name: 'Grady Archie', aadObjectId: '2b4d6f80-5555-4e3f-8c32-00000000be11' },
} as const;

export type UserKey = keyof typeof USERS;

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/teams');

export interface TeamsHarness {
  connector: FakeConnector;
  stack: Stack;
  channel: TeamsChannel;
  url: string;
  emails: Record<UserKey, string | undefined>;
  /** What the channel logged (warnings and errors). */
  logLines: string[];
  /** Conversation references the channel reported through hooks.onConversation. */
  references: { ref: Record<string, any>; who?: Actor }[];
  /** A fixture with the stand-in's serviceUrl, sent as `user`, with `patch` merged over the top level. */
  fixture(name: string, user?: UserKey, patch?: Activity): Activity;
  post(activity: Activity, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  /** Posts a message and returns the bot's replies to it. */
  say(text: string, user?: UserKey, fixture?: string): Promise<RecordedActivity[]>;
  /** Sends an Action.Execute invoke as `user`. */
  execute(verb: string, data: Record<string, unknown>, user?: UserKey, patch?: Activity): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** The Adaptive Card a recorded bot activity carries, or undefined for plain text. */
export function cardOf(entry: RecordedActivity | undefined): Record<string, any> | undefined {
  return entry?.activity.attachments?.find((a: any) => a.contentType === 'application/vnd.microsoft.card.adaptive')?.content;
}

/** The value a card's input `id` holds (a form's prefill), if the card has that input. */
export function inputValue(card: unknown, id: string): string | undefined {
  let value: string | undefined;
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      if (n.id === id && typeof n.type === 'string' && n.type.startsWith('Input.')) value = n.value;
      Object.values(n).forEach(walk);
    }
  };
  walk(card);
  return value;
}

/** Every string in a card, so tests can ask "does the person see X" without depending on layout. */
export function cardText(card: unknown): string {
  const out: string[] = [];
  const walk = (n: unknown) => {
    if (typeof n === 'string') out.push(n);
    else if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') Object.values(n).forEach(walk);
  };
  walk(card);
  return out.join('\n');
}

/** Starts everything on loopback ports. */
export async function startTeamsHarness(
  options: {
    settings?: TeamsSettings;
    stack?: HelpdeskStackConfig;
    claimInbound?: TeamsChannelConfig['claimInbound'];
    tellLater?: TeamsChannelConfig['tellLater'];
    notifications?: TeamsChannelConfig['notifications'];
    /** The commands (a registry, or one bound over the harness's own help-desk stack). */
    commands?: TeamsChannelConfig['commands'] | ((stack: Stack) => TeamsChannelConfig['commands']);
    /** The files feature over the harness's own help-desk stack. */
    files?: (stack: Stack) => TeamsChannelConfig['files'];
  } = {},
): Promise<TeamsHarness> {
  const connector = await startFakeConnector();
  const stack = await startHelpdeskStack(options.stack);
  const requesters = ['lynner@example.com', 'gradya@example.com'];
  const agents = (await stack.helpdesk.activeAgents()).filter((a) => !requesters.includes(a.email.toLowerCase()));
  if (agents.length < 2) throw new Error('the help-desk stack needs two active agents for these tests');
  const emails: Record<UserKey, string | undefined> = {
    lynne: requesters[0],
    dana: agents[0].email,
    lee: agents[1].email,
    noEmail: undefined,
    grady: requesters[1],
  };
  for (const key of Object.keys(USERS) as UserKey[]) {
    const u = USERS[key];
    const member: FakeMember = { id: u.id, name: u.name, aadObjectId: u.aadObjectId };
    // Grady has only a UPN, as guests and some synced accounts do.
    if (key === 'grady') member.userPrincipalName = emails.grady;
    else if (emails[key]) member.email = emails[key];
    connector.members.set(u.id, member);
  }
  const references: TeamsHarness['references'] = [];
  const logLines: string[] = [];
  const logger = createLogger({ level: 'warn', write: (line) => logLines.push(line) });
  const channel = createTeamsChannel({
    settings: options.settings ?? { appType: 'MultiTenant' },
    helpdesk: stack.helpdesk,
    logger,
    hooks: { onConversation: async (ref, who) => void references.push({ ref, who }) },
    claimInbound: options.claimInbound,
    tellLater: options.tellLater,
    notifications: options.notifications,
    commands: typeof options.commands === 'function' ? options.commands(stack) : options.commands,
    files: options.files?.(stack),
  });
  const server = createServer({ port: 0, teams: channel, health: async () => ({ ok: true }), logger, allowUnauthenticated: !options.settings?.appId });
  const { port } = await server.listen();
  const url = `http://127.0.0.1:${port}`;
  let seq = 0;

  const harness: TeamsHarness = {
    connector,
    stack,
    channel,
    url,
    emails,
    logLines,
    references,
    fixture(name, user = 'lynne', patch = {}) {
      const activity = JSON.parse(readFileSync(path.join(fixtures, `${name}.json`), 'utf8'));
      activity.serviceUrl = connector.url;
      activity.id = `${activity.id}-${++seq}`;
      const u = USERS[user];
      activity.from = { ...activity.from, id: u.id, name: u.name, aadObjectId: u.aadObjectId };
      return { ...activity, ...patch };
    },
    async post(activity, headers = {}) {
      const res = await fetch(`${url}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(activity),
      });
      const text = await res.text();
      let body: any = text;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, body };
    },
    async say(text, user = 'lynne', fixture = 'message-personal') {
      const activity = harness.fixture(fixture, user);
      activity.text = fixture === 'message-channel-mention' ? `<at>Help Desk</at> ${text}` : text;
      const before = connector.activities.length;
      const res = await harness.post(activity);
      if (res.status !== 200) throw new Error(`POST /api/messages answered ${res.status}: ${JSON.stringify(res.body)}`);
      // The adapter answers only after the turn, so every reply is already recorded.
      return connector.activities.slice(before).filter((a) => a.activity.replyToId === activity.id || a.replyToId === activity.id);
    },
    execute(verb, data, user = 'lynne', patch = {}) {
      const activity = harness.fixture('invoke-card-action', user, patch);
      activity.value = { ...activity.value, action: { ...activity.value.action, verb, data } };
      return harness.post(activity);
    },
    async close() {
      await server.close();
      await connector.close();
      await stack.close();
    },
  };
  return harness;
}
