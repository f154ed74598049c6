import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FORM_CALLBACK_ID } from '../../src/channels/slack/blocks/modal';
import { SHORTCUTS } from '../../src/channels/slack/shortcuts';

const root = path.resolve(__dirname, '../..');
const manifest = parse(readFileSync(path.join(root, 'manifest/slack/manifest.yml'), 'utf8'));

/** Web API methods -> the bot scope each needs (empty: none). */
const METHOD_SCOPES: Record<string, string[]> = {
  'auth.test': [],
  'chat.postMessage': ['chat:write'],
  'chat.update': ['chat:write'],
  'chat.postEphemeral': ['chat:write'],
  'chat.getPermalink': [],
  'chat.unfurl': ['links:write'],
  'views.open': [],
  'views.push': [],
  'views.update': [],
  'views.publish': [],
  'users.info': ['users:read', 'users:read.email'],
  'users.lookupByEmail': ['users:read.email'],
  // Routing's Slack sources (src/channels/slack/presence.ts): presence and Do Not Disturb.
  'users.getPresence': ['users:read'],
  'dnd.teamInfo': ['dnd:read'],
  'conversations.open': ['im:write'],
  // Reading the reacted message: public channels, private channels, DMs.
  'conversations.history': ['channels:history', 'groups:history', 'im:history'],
  'conversations.replies': ['channels:history', 'groups:history', 'im:history'],
};
/** Events -> scope Slack requires to subscribe. */
const EVENT_SCOPES: Record<string, string> = {
  app_home_opened: '',
  app_mention: 'app_mentions:read',
  'message.im': 'im:history',
  'message.channels': 'channels:history',
  'message.groups': 'groups:history',
  reaction_added: 'reactions:read',
  link_shared: 'links:read',
  // The bot joining a public or a private channel (its one-line welcome).
  member_joined_channel: 'channels:read groups:read',
};

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [readFileSync(path.join(root, dir, e.name), 'utf8')] : [],
  );
}

describe('Slack app manifest', () => {
  it('is a version 1 manifest pointing every request URL at /slack/events', () => {
    expect(manifest._metadata.major_version).toBe(1);
    const urls = [
      manifest.settings.event_subscriptions.request_url,
      manifest.settings.interactivity.request_url,
      ...manifest.features.slash_commands.map((c: any) => c.url),
    ];
    for (const url of urls) expect(new URL(url).pathname).toBe('/slack/events');
    expect(manifest.settings.socket_mode_enabled).toBe(false);
    expect(manifest.features.app_home).toMatchObject({ home_tab_enabled: true, messages_tab_enabled: true });
  });

  it('declares the command and the shortcuts the channel listens for', () => {
    expect(manifest.features.slash_commands.map((c: any) => c.command)).toEqual(['/helpdesk']);
    const shortcuts = Object.fromEntries(manifest.features.shortcuts.map((s: any) => [s.callback_id, s.type]));
    expect(shortcuts).toEqual({ [SHORTCUTS.fromMessage]: 'message', [SHORTCUTS.newTicket]: 'global' });
    expect(FORM_CALLBACK_ID).toBe('helpdesk_form');
  });

  it('asks for every scope the code needs and no scope it does not use', () => {
    const code = sources('src/channels/slack').join('\n');
    // A Web API call through the client, however it is reached (`client.users.info(`, `web().dnd.teamInfo(`).
    const called = [...code.matchAll(/(?:client|web\(\))\.(\w+)\.(\w+)\(/g)].map((m) => `${m[1]}.${m[2]}`);
    for (const m of called) expect(METHOD_SCOPES, `unknown method ${m}`).toHaveProperty([m]);
    const events: string[] = manifest.settings.event_subscriptions.bot_events;
    // Files a message carries are downloaded from Slack's file host (url_private_download), which needs files:read.
    const files = code.includes('slackFileRefs(') ? ['files:read'] : [];
    const needed = new Set<string>(['commands', ...files, ...called.flatMap((m) => METHOD_SCOPES[m]), ...events.flatMap((e) => (EVENT_SCOPES[e] ?? '').split(' ')).filter(Boolean)]);
    const declared = new Set<string>(manifest.oauth_config.scopes.bot);
    expect([...needed].filter((s) => !declared.has(s))).toEqual([]);
    expect([...declared].filter((s) => !needed.has(s))).toEqual([]);
  });

  it('asks for every Slack scope routing\'s sources need, as docs/routing.md names them', () => {
    const doc = readFileSync(path.join(root, 'docs/routing.md'), 'utf8');
    // The rows of "Who is away" whose source is Slack: their Grant column.
    const rows = doc.split('\n').filter((l) => l.startsWith('|') && /Slack/.test(l.split('|')[2] ?? ''));
    const named = new Set(rows.flatMap((l) => [...(l.split('|').at(-2) ?? '').matchAll(/`([a-z_.]+:[a-z_.]+)`/g)].map((m) => m[1])));
    expect([...named].sort()).toEqual(['dnd:read', 'users:read']);
    const declared: string[] = manifest.oauth_config.scopes.bot;
    expect([...named].filter((s) => !declared.includes(s))).toEqual([]);
    const slackDoc = readFileSync(path.join(root, 'docs/slack.md'), 'utf8');
    for (const scope of named) expect(slackDoc, `docs/slack.md says why ${scope}`).toMatch(new RegExp(`^\\| [^|]*\`${scope}\`[^|]*\\|.*routing`, 'mi'));
  });

  it('subscribes to the events the channel handles (thread replies included for notifications)', () => {
    const events: string[] = manifest.settings.event_subscriptions.bot_events;
    expect(events).toEqual(expect.arrayContaining(['app_home_opened', 'app_mention', 'message.im', 'reaction_added', 'message.channels']));
    const code = sources('src/channels/slack').join('\n');
    for (const e of ['app_home_opened', 'app_mention', 'reaction_added', 'message', 'member_joined_channel']) expect(code).toContain(`app.event('${e}'`);
  });
});
