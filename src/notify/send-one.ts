/**
 * Sending one outbox row: a card is posted the first time and edited in place after that (the
 * posted-card map in the store says which), a line goes into the card's thread, a DM tries the
 * platforms where the person was seen most recently first. Throws when the send did not take effect.
 */
import { storedNotice, storedTicketView } from '../views/stored';
import type { TicketView } from '../views/types';
import { intervalPace, PLATFORM_PACE, type Pace } from './pacing';
import type { Logger } from '../log';
import { rememberNotice } from '../store/notices';
import { personalCardReader } from '../store/personal-cards';
import type { PendingDelivery, Store } from '../store/types';
import type { OutboxPayload } from './intents';
import { currentPayload, type StoredPayload } from './stored-payloads';
import type { ChannelCardPart, Named, PersonPreferences } from './ports';
import type { SendQueue } from './send-queue';
import { DeliveryError, type Delivery, type Platform } from './types';

/** What sending needs. */
/** The platform's documented limits, unless the delivery overrides them (tests, benches). */
const paceOf = (d: Delivery): Pace => (d.minIntervalMs === undefined ? PLATFORM_PACE[d.platform] : intervalPace(d.minIntervalMs));

export interface SenderDeps {
  store: Store;
  queue: SendQueue;
  logger: Logger;
  byPlatform: ReadonlyMap<Platform, Delivery>;
  /** What the listed features add to a channel's ticket card (SLA clocks…), asked at send time so the card shows it as it stands. */
  cardParts?: readonly Named<ChannelCardPart>[];
  /** People's quiet hours, kept by the features (the preferences feature); none listed: DMs go at once. */
  preferences?: readonly Named<PersonPreferences>[];
  /** Quiet hours: the clock they are judged by and the zone of people whose client never said theirs. */
  quiet?: QuietHours;
}

/** How quiet hours are judged. */
export interface QuietHours {
  now: () => number;
  zone: string;
}

type SendOpts = { key: string; mayHaveSent: boolean };

/** Rejects when `work` has not settled after `ms`; the work itself may still finish (its outcome is then unknown). */
export function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeliveryError('failed', `no answer within ${ms} ms: ${what}`)), ms);
    timer.unref?.();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** The function that sends one row (attempt 1 is the first; later ones may follow a send that took effect). */
export function createSender({ store, queue, logger, byPlatform, cardParts = [], preferences = [], quiet }: SenderDeps): (row: PendingDelivery, attempt: number) => Promise<void> {
  /** The card with each feature's part; one that fails is logged with its name, and the card goes without that part. */
  async function withParts(view: TicketView, ticketId: number): Promise<TicketView> {
    if (!view.agentView) return view;
    let card = view;
    for (const { feature, part } of cardParts) {
      if (!part.ticket) continue;
      try {
        card = await part.ticket(card, 'conversation');
      } catch (err) {
        logger.warn('a feature could not add its part to a channel card; the card is sent without it', { feature, ticketId, error: err });
      }
    }
    return card;
  }
  const cardOf = async (ticketId: number, platform: Platform, conversationId: string) =>
    (await store.postedMessages(ticketId)).find((p) => p.platform === platform && p.conversationId === conversationId);

  async function sendOne(row: PendingDelivery, attempt: number): Promise<void> {
    // Rows an older version wrote ('storm', 'digest') are sent as the screens they show.
    const p = currentPayload(row.payload as StoredPayload);
    const opts = { key: row.key, mayHaveSent: attempt > 1 };
    if (p.kind === 'dm') return sendDm(row, p, opts);
    const d = byPlatform.get(p.platform);
    if (!d) {
      logger.debug('no delivery for platform; skipped', { platform: p.platform });
      return store.finishDelivery(row.key);
    }
    const send = <T>(fn: () => Promise<T>) => queue.run(row.lane, paceOf(d), fn);
    if (p.kind === 'screen') {
      // A platform without screens gets its plain text; one without messages of its own, nothing.
      if (d.postScreen) await send(() => d.postScreen!(p.conversationId, p.view, opts));
      else if (d.postMessage) await send(() => d.postMessage!(p.conversationId, p.view.fallback, opts));
      else logger.debug('platform posts no screens; skipped', { platform: p.platform });
      return store.finishDelivery(row.key);
    }
    const card = await cardOf(row.ticketId, p.platform, p.conversationId);
    if (p.kind === 'line') {
      // An @mention (SLA escalation) or a card with buttons (the SLA backlog) is a message of its own: a thread reply would bury it.
      if ((!card || p.mention || p.view) && p.orPost && d.postMessage) {
        await send(() => d.postMessage!(p.conversationId, p.text, opts, p.mention, p.view));
        return store.finishDelivery(row.key);
      }
      if (!card) {
        logger.warn('no card to thread a change under; line skipped', { platform: p.platform, conversationId: p.conversationId, ticketId: row.ticketId });
        return store.finishDelivery(row.key);
      }
      await send(() => d.postThreadLine(p.conversationId, card.messageId, p.text, opts));
      return store.finishDelivery(row.key);
    }
    // A card in a person's own chat that already shows this version is the reply that filed the ticket: a
    // second rendering of the same version would only take its "Ticket #12 filed" line away.
    if (card?.etag !== undefined && card.etag === p.etag && (await personalCardReader(store, card))) return store.finishDelivery(row.key);
    // What the features add (SLA clocks, a look-alike's line) is read now; a part that cannot be read is left off rather than holding the send back.
    const view = await withParts(storedTicketView(p.view), row.ticketId);
    let messageId: string;
    if (!card) {
      messageId = await send(() => d.postCard(p.conversationId, view, opts));
    } else {
      messageId = card.messageId;
      try {
        await send(() => d.updateCard(p.conversationId, card.messageId, view));
      } catch (err) {
        if (!(err instanceof DeliveryError && err.kind === 'missing')) throw err;
        // Someone deleted the card: post a fresh one and keep threading under it.
        messageId = await send(() => d.postCard(p.conversationId, view, { key: `${row.key}>repost`, mayHaveSent: opts.mayHaveSent }));
        logger.info('ticket card was deleted; posted a new one', { platform: p.platform, conversationId: p.conversationId, ticketId: row.ticketId });
      }
    }
    await store.finishDelivery(row.key, { platform: p.platform, conversationId: p.conversationId, ticketId: row.ticketId, messageId, etag: p.etag });
  }

  async function sendDm(row: PendingDelivery, p: Extract<OutboxPayload, { kind: 'dm' }>, opts: SendOpts): Promise<void> {
    // In the person's quiet hours the DM waits (the feature that keeps them releases it, merged per ticket).
    if (!p.urgent && preferences.length > 0) {
      const zone = (await store.personZone(p.email)) ?? quiet?.zone ?? 'UTC';
      const now = quiet?.now() ?? Date.now();
      for (const { part } of preferences) {
        const until = await part.quietUntil(p.email, zone, now);
        if (until === undefined) continue;
        await part.hold({ key: row.key, email: p.email, ticketId: row.ticketId, text: p.text, reason: p.reason, ...(p.notice ? { notice: p.notice } : {}), releaseAt: until });
        return store.finishDelivery(row.key);
      }
    }
    // Platforms where the person was seen most recently first; then any other platform.
    const known = (await store.personAddresses(p.email)).map((a) => a.platform);
    const order = [...new Set([...known, ...byPlatform.keys()])].filter((x) => byPlatform.has(x));
    for (const platform of order) {
      const d = byPlatform.get(platform)!;
      try {
        const sent = await queue.run(`${platform}:dm:${p.email}`, paceOf(d), () => d.sendDirect(p.email, p.text, opts, p.notice && storedNotice(p.notice)));
        if (sent) {
          await store.finishDelivery(row.key);
          if (row.ticketId > 0) await rememberNotice(store, p.email, row.ticketId, platform, sent, logger);
          return;
        }
      } catch (err) {
        if (!(err instanceof DeliveryError && err.kind === 'gone')) throw err;
        logger.info('personal conversation no longer reachable; trying elsewhere', { platform, reason: p.reason });
      }
    }
    logger.debug('no personal conversation for person; DM skipped', { email: p.email, reason: p.reason });
    await store.finishDelivery(row.key);
  }

  return sendOne;
}
