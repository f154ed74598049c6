/**
 * What the sources say of the agents, read in batches and cached: Graph presence at most once a
 * minute for up to 650 agents (one getPresencesByUserId), automatic replies per agent at most every
 * 15 minutes, Slack presence and status for at most `slackPerMinute` people a minute (Slack's
 * Tier 3), Do Not Disturb 50 people a request. A source that fails (a 403 for a grant nobody gave)
 * is skipped, logged once, and tried again 10 minutes later; the others keep going.
 */
import type { GraphClient } from '../../graph';
import { isGraphError } from '../../graph';
import { automaticRepliesOf, presencesOf, repliesInForce, userIdOf, PRESENCE_BATCH, type Presence } from '../../graph/presence';
import type { Logger } from '../../log';
import type { Signals } from './away-reason';
import type { SlackPresencePort } from './ports';
import type { AvailabilityRules } from './rules';

/** The sources, each named for the doctor and the log with the grant it needs. */
export const SOURCES = {
  'teams-presence': 'Presence.Read.All (application permission)',
  'teams-users': 'User.Read.All (application permission: addresses to user ids)',
  mailbox: 'MailboxSettings.Read (application permission)',
  'slack-presence': 'users:read (Slack bot scope)',
  'slack-dnd': 'dnd:read (Slack bot scope)',
} as const;
export type SourceName = keyof typeof SOURCES;

/** Which sources a read needs (the union of the groups' rules). */
export type Needs = Pick<AvailabilityRules, 'teamsPresence' | 'outOfOffice' | 'mailboxAutoReplies' | 'slackPresence' | 'slackDnd'> & { slackStatus: boolean };

/** The agents' signals (their own `away` left to the caller), and the sources that failed. */
export interface Availability {
  signals(addresses: readonly string[], needs: Needs): Promise<Map<string, Signals>>;
  /** Sources failing now, with what Graph or Slack said. */
  failing(): ReadonlyMap<SourceName, string>;
}

export interface AvailabilityConfig {
  graph: GraphClient | undefined;
  slack: SlackPresencePort | undefined;
  logger: Logger;
  now: () => number;
  /** Presence cache (default 60 s). */
  presenceMs?: number;
  /** Slack people refreshed per minute (default 40, under Tier 3's 50). */
  slackPerMinute?: number;
}

const MINUTE = 60_000;
const RETRY_FAILED_MS = 10 * MINUTE;
const MAILBOX_MS = 15 * MINUTE;
const DND_BATCH = 50;

/** Reads the sources for routing, cached. */
export function createAvailability(config: AvailabilityConfig): Availability {
  const { graph, slack, logger, now } = config;
  const presenceMs = config.presenceMs ?? MINUTE;
  const failing = new Map<SourceName, string>();
  const failedAt = new Map<SourceName, number>();
  const graphIds = new Map<string, string | undefined>();
  let presences: { at: number; byId: Map<string, Presence> } | undefined;
  const replies = new Map<string, { at: number; on: boolean }>();
  const slackIds = new Map<string, string | undefined>();
  const slackPeople = new Map<string, { at: number; presence?: 'active' | 'away'; status?: { text: string; emoji: string; expiration: number } }>();
  let dnd: { at: number; byId: Map<string, { enabled: boolean; start?: number; end?: number }> } | undefined;
  let slackBudget = { minute: -1, left: 0 };

  const usable = (source: SourceName) => !failing.has(source) || now() - (failedAt.get(source) ?? 0) >= RETRY_FAILED_MS;
  async function attempt<T>(source: SourceName, run: () => Promise<T>): Promise<T | undefined> {
    if (!usable(source)) return undefined;
    try {
      const out = await run();
      if (failing.delete(source)) logger.info('routing source works again', { source });
      return out;
    } catch (e) {
      // Any failure of one source (a 403 for a grant nobody gave, a Slack error, the network) skips that source only.
      const message = isGraphError(e) ? `${e.status ?? ''} ${e.code ?? ''} ${e.message}`.trim() : (e as Error).message;
      if (!failing.has(source)) logger.warn('routing source failed; routing goes on without it', { source, needs: SOURCES[source], error: message });
      failing.set(source, message);
      failedAt.set(source, now());
      return undefined;
    }
  }

  async function graphIdsOf(addresses: readonly string[]): Promise<void> {
    for (const a of addresses) {
      if (graphIds.has(a)) continue;
      const id = await attempt('teams-users', () => userIdOf(graph!, a));
      if (failing.has('teams-users')) return;
      graphIds.set(a, id);
    }
  }

  async function teams(addresses: readonly string[], needs: Needs, out: Map<string, Signals>): Promise<void> {
    if (!graph || !(needs.teamsPresence || needs.outOfOffice || needs.mailboxAutoReplies)) return;
    await graphIdsOf(addresses);
    const ids = addresses.map((a) => graphIds.get(a)).filter((id): id is string => !!id);
    if ((needs.teamsPresence || needs.outOfOffice) && (!presences || now() - presences.at >= presenceMs || ids.some((id) => !presences!.byId.has(id)))) {
      const byId = new Map<string, Presence>();
      for (let i = 0; i < ids.length; i += PRESENCE_BATCH) {
        const batch = await attempt('teams-presence', () => presencesOf(graph, ids.slice(i, i + PRESENCE_BATCH)));
        for (const p of batch ?? []) byId.set(p.id, p);
      }
      if (!failing.has('teams-presence')) presences = { at: now(), byId };
    }
    for (const a of addresses) {
      const id = graphIds.get(a);
      if (!id) continue;
      const p = presences?.byId.get(id);
      const s: Signals = out.get(a) ?? {};
      if (p) s.teams = { availability: p.availability, outOfOffice: p.outOfOffice };
      if (needs.mailboxAutoReplies) {
        let r = replies.get(a);
        if (!r || now() - r.at >= MAILBOX_MS) {
          const got = await attempt('mailbox', () => automaticRepliesOf(graph, id));
          if (got) replies.set(a, (r = { at: now(), on: repliesInForce(got, now()) }));
        }
        if (r) s.autoReply = r.on;
      }
      out.set(a, s);
    }
  }

  async function slackSide(addresses: readonly string[], needs: Needs, out: Map<string, Signals>): Promise<void> {
    if (!slack || !(needs.slackPresence || needs.slackStatus || needs.slackDnd)) return;
    const minute = Math.floor(now() / MINUTE);
    if (slackBudget.minute !== minute) slackBudget = { minute, left: config.slackPerMinute ?? 40 };
    for (const a of addresses) {
      if (slackIds.has(a) || slackBudget.left <= 0) continue;
      slackBudget.left -= 1;
      const id = await attempt('slack-presence', () => slack.userIdOf(a));
      if (!failing.has('slack-presence')) slackIds.set(a, id);
    }
    // Oldest first, so every agent is refreshed in turn within the budget.
    const stale = addresses.filter((a) => slackIds.get(a) && now() - (slackPeople.get(a)?.at ?? -Infinity) >= presenceMs)
      .sort((x, y) => (slackPeople.get(x)?.at ?? -Infinity) - (slackPeople.get(y)?.at ?? -Infinity));
    for (const a of stale) {
      if (slackBudget.left <= 0) break;
      slackBudget.left -= 1;
      const id = slackIds.get(a)!;
      const presence = needs.slackPresence ? await attempt('slack-presence', () => slack.presence(id)) : undefined;
      const status = needs.slackStatus ? await attempt('slack-presence', () => slack.status(id)) : undefined;
      slackPeople.set(a, { at: now(), ...(presence ? { presence } : {}), ...(status ? { status } : {}) });
    }
    const ids = addresses.map((a) => slackIds.get(a)).filter((id): id is string => !!id);
    if (needs.slackDnd && (!dnd || now() - dnd.at >= presenceMs)) {
      const byId = new Map<string, { enabled: boolean; start?: number; end?: number }>();
      for (let i = 0; i < ids.length; i += DND_BATCH) {
        const got = await attempt('slack-dnd', () => slack.dnd(ids.slice(i, i + DND_BATCH)));
        for (const [id, d] of got ?? []) byId.set(id, d);
      }
      if (!failing.has('slack-dnd')) dnd = { at: now(), byId };
    }
    for (const a of addresses) {
      const id = slackIds.get(a);
      if (!id) continue;
      const person = slackPeople.get(a);
      const d = dnd?.byId.get(id);
      const sec = now() / 1000;
      const dndOn = !!d && d.enabled && (d.start === undefined || d.start <= sec) && (d.end === undefined || sec < d.end);
      const s: Signals = out.get(a) ?? {};
      s.slack = {
        ...(person?.presence ? { presence: person.presence } : {}),
        ...(person?.status ? { statusText: person.status.text, statusEmoji: person.status.emoji, ...(person.status.expiration > 0 ? { statusExpiration: person.status.expiration * 1000 } : {}) } : {}),
        ...(needs.slackDnd && d ? { dnd: dndOn } : {}),
      };
      out.set(a, s);
    }
  }

  return {
    async signals(addresses, needs) {
      const out = new Map<string, Signals>();
      await teams(addresses, needs, out);
      await slackSide(addresses, needs, out);
      return out;
    },
    failing: () => failing,
  };
}

/** What the groups of the rules need read, together. */
export function needsOf(groups: readonly { availability: AvailabilityRules }[]): Needs {
  const any = (f: (a: AvailabilityRules) => boolean) => groups.some((g) => f(g.availability));
  return {
    teamsPresence: any((a) => a.teamsPresence),
    outOfOffice: any((a) => a.outOfOffice),
    mailboxAutoReplies: any((a) => a.mailboxAutoReplies),
    slackPresence: any((a) => a.slackPresence),
    slackDnd: any((a) => a.slackDnd),
    slackStatus: any((a) => a.slackAwayStatuses.length > 0),
  };
}
