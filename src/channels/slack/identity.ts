/**
 * Slack user -> email, through `users.info` (needs the users:read.email scope), cached with a TTL
 * so a busy channel does not hit Slack's rate limits. No email means no ticket: the person is told.
 */
import { LRUCache } from 'lru-cache';
import type { WebClient } from '@slack/web-api';
import type { Actor } from '../../helpdesk/types';
import { slackTexts } from '../../views/channel-texts';
import type { Logger } from '../../log';

/** Shown (in the person's language) when Slack does not reveal their email; tickets are never filed anonymously. */
export function noEmailMessage(locale?: string): string {
  return slackTexts(locale).noEmail();
}

/** A Slack user as the help desk sees them; `email` is absent when Slack hides it. */
export interface SlackPerson {
  userId: string;
  name: string;
  email?: string;
  isBot: boolean;
  /** The person's Slack language, e.g. 'de-DE' (users.info include_locale), when Slack gives it. */
  locale?: string;
  /** The person's time zone (users.info `tz`, an IANA name), when Slack gives it. */
  tz?: string;
}

/** Slack user look-ups the handlers use. */
export interface SlackIdentity {
  /** The person behind a Slack user id (cached). */
  lookup(userId: string): Promise<SlackPerson | undefined>;
  /** The help-desk actor for a Slack user, or undefined when no email is visible. */
  actor(userId: string): Promise<Actor | undefined>;
  /** `<@U123>`, `<@U123|name>`, `U123` or an address -> email and name (ChannelPorts.resolveUser). */
  resolveUser(reference: string): Promise<{ email: string; name: string } | undefined>;
}

/** The help-desk actor a looked-up person is, or undefined for a bot or a person whose email Slack hides. */
export function actorOf(person: SlackPerson | undefined): Actor | undefined {
  return person?.email && !person.isBot ? { email: person.email, name: person.name } : undefined;
}

/** Options for createSlackIdentity; `ttlMs` defaults to ten minutes, `maxEntries` to 5000. */
export interface SlackIdentityConfig {
  client: WebClient;
  logger: Logger;
  ttlMs?: number;
  /** Bounded so a large workspace cannot grow it without limit. */
  maxEntries?: number;
  /** The clock the TTL is measured with (tests). */
  now?: () => number;
}

const MENTION = /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/;
const USER_ID = /^[UW][A-Z0-9]{2,}$/;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** Creates the cached users.info look-up. */
export function createSlackIdentity(config: SlackIdentityConfig): SlackIdentity {
  // The look-up promise is cached, so concurrent events for one person share one users.info call.
  const cache = new LRUCache<string, Promise<SlackPerson | undefined>>({
    max: config.maxEntries ?? 5000,
    ttl: config.ttlMs ?? 10 * 60_000,
    ...(config.now ? { perf: { now: config.now } } : {}),
  });

  async function fetchPerson(userId: string): Promise<SlackPerson | undefined> {
    try {
      const res = await config.client.users.info({ user: userId, include_locale: true });
      const u = res.user;
      if (!u) return undefined;
      const email = u.profile?.email?.trim() || undefined;
      const name = u.profile?.real_name || u.real_name || u.profile?.display_name || u.name || userId;
      return { userId, name, email, isBot: Boolean(u.is_bot), ...(u.locale ? { locale: u.locale } : {}), ...(u.tz ? { tz: u.tz } : {}) };
    } catch (err) {
      config.logger.warn('slack users.info failed', { userId, error: err });
      throw err;
    }
  }

  async function lookup(userId: string): Promise<SlackPerson | undefined> {
    const hit = cache.get(userId);
    if (hit) return hit;
    const person = fetchPerson(userId);
    cache.set(userId, person);
    // A failed look-up is not kept: it may be a passing Slack error.
    // A failed look-up is not kept (it may be a passing Slack error); the caller sees and handles the failure.
    person.catch(() => {
      if (cache.peek(userId) === person) cache.delete(userId);
    });
    return person;
  }

  return {
    lookup,
    async actor(userId) {
      return actorOf(await lookup(userId));
    },
    async resolveUser(reference) {
      const ref = reference.trim();
      if (EMAIL.test(ref)) return { email: ref, name: ref };
      const id = MENTION.exec(ref)?.[1] ?? (USER_ID.test(ref) ? ref : undefined);
      if (!id) return undefined;
      // A failed users.info is logged by fetchPerson; the mention then names nobody, and the command says so.
      const p = await lookup(id).catch(() => undefined);
      return p?.email ? { email: p.email, name: p.name } : undefined;
    },
  };
}
