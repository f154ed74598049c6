/**
 * One Slack test scene: the fake Slack Web API, the real Slack channel (Bolt, HTTP mode) behind the
 * real server (src/server.ts), a help desk, and a poster that signs Slack requests.
 */
import { createSlackChannel, type InboundClaims, type SlackChannel, type SlackChannelConfig, type SlackHooks } from '../../src/channels/slack';
import type { ConversationPorts } from '../../src/core';
import type { HelpdeskService } from '../../src/helpdesk/types';
import { createLogger } from '../../src/log';
import { createServer, type Server } from '../../src/server';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { createSlackPoster, slackFixture } from '../support/slack-request';

/** The signing secret the scene's channel checks against. */
export const SECRET = 'test-signing-secret-8f2a';

/** The people in the fake workspace. */
export const PEOPLE = {
  sam: { id: 'U2147483697', name: 'Sam Requester', email: 'sam@example.com' },
  robin: { id: 'U2147483698', name: 'Robin Colleague', email: 'robin@example.com' },
  dana: { id: 'UAGENT0001', name: 'Dana Agent', email: 'dana@example.com' },
  lee: { id: 'UAGENT0002', name: 'Lee Agent', email: 'lee@example.com' },
  guest: { id: 'UGUEST0001', name: 'Guest Without Email' },
} as const;

/** Active help-desk agents in every scene. */
export const AGENTS = [PEOPLE.dana, PEOPLE.lee].map((p) => ({ email: p.email, name: p.name }));

/** A running scene. */
export interface SlackScene {
  fake: FakeSlack;
  channel: SlackChannel;
  url: string;
  post: ReturnType<typeof createSlackPoster>;
  /** Log lines written by the channel (to check that nothing secret is logged). */
  logLines: string[];
  close(): Promise<void>;
}

/** Starts the scene around a help desk the caller owns. */
export async function startSlackScene(helpdesk: HelpdeskService, hooks?: SlackHooks, options: { inbound?: InboundClaims; fake?: FakeSlack; notifications?: ConversationPorts; languages?: Pick<SlackChannelConfig, 'locale' | 'conversationLocale'>; commands?: SlackChannelConfig['commands']; files?: SlackChannelConfig['files'] } = {}): Promise<SlackScene> {
  const fake = options.fake ?? (await startFakeSlack({ users: Object.values(PEOPLE) }));
  const logLines: string[] = [];
  const logger = createLogger({ level: 'debug', write: (l) => logLines.push(l) });
  const channel = createSlackChannel({
    settings: { botToken: fake.token, signingSecret: SECRET, apiUrl: fake.apiUrl },
    helpdesk,
    logger,
    hooks,
    inbound: options.inbound,
    notifications: options.notifications,
    commands: options.commands,
    files: options.files,
    ...options.languages,
  });
  await channel.start();
  const server: Server = createServer({
    port: 0,
    teams: { handle: async (_req, res) => void res.send(404) },
    slack: { requestListener: channel.requestListener! },
    health: async () => ({ ok: true }),
    logger,
    allowUnauthenticated: true,
  });
  const { port, host } = await server.listen();
  const url = `http://${host}:${port}/slack/events`;
  return {
    fake,
    channel,
    url,
    post: createSlackPoster(url, SECRET),
    logLines,
    async close() {
      await server.close();
      await channel.stop();
      if (!options.fake) await fake.close();
    },
  };
}

/** A slash command body from the fixture, as `who`, with its response_url pointed at the fake. */
export function slash(fake: FakeSlack, who: { id: string }, text: string, responseId = 'cmd'): Record<string, string> {
  const f = slackFixture<Record<string, string>>('slash-command');
  return { ...f, user_id: who.id, text, response_url: fake.responseUrl(responseId) };
}
