/**
 * Channel digests on a schedule: the feature's timer (digests-feature.ts) checks which conversations have a slot
 * due (src/features/digests/digest-schedule.ts), counts the digest from the store (the poller's index and the
 * SLA due times; no Graph request) and owes it through the outbox service under a key that names the slot, then
 * moves the conversation's last slot by compare-and-set. Replicas and restarts therefore enqueue
 * each slot once: a second enqueue of the key is ignored, a second move fails. Slots missed while
 * no process ran become one digest that says it is late. The deliverer sends it like any card.
 */
import { DateTime, IANAZone } from 'luxon';
import { isDone, type AnswerPorts, type Conversation, type DigestPorts, type DigestSpec } from '../../core';
import type { Vocabulary } from '../../helpdesk/types';
import type { Logger } from '../../log';
import { dayAt } from '../sla/business-time';
import { slaTableIn } from '../sla/sla-table';
import type { PolicySource } from '../sla/policy-source';
import { digestSchedulesIn, type DigestRecord } from './digest-table';
import { digestTickets } from './digest-tickets';
import type { Platform, Store } from '../../store/types';
import { digestView, type DigestOccasion } from './digest-view';
import { digestFigures, filedBetween, readFrom } from './digest-data';
import { slotsBetween, WEEKDAYS_ONLY, type DayFilter } from './digest-schedule';
import type { OutboxService } from '../../notify/ports';

/** A slot handled more than this long after its time is late (the timer checks far more often). */
export const LATE_AFTER_MS = 15 * 60_000;

/** Options for createDigests. */
export interface DigestsConfig {
  store: Store;
  /** Where a due digest is owed (src/notify/ports.ts OutboxService). */
  outbox: Pick<OutboxService, 'owe'>;
  vocabulary: Vocabulary;
  logger: Logger;
  /** HELPDESK_TIME_ZONE: schedules without a zone when no SLA policy gives one. */
  timeZone: string;
  /** HELPDESK_LOCALE: the language of conversations with none set. */
  locale: string;
  sla?: PolicySource;
  /** The clock (tests pin it). */
  now?: () => Date;
  /** The desk's answers (src/features/answers): the digest says how many questions they settled without a ticket. */
  answers?: Pick<AnswerPorts, 'answeredSince'>;
}

/** The scheduler and the ports `digest` uses. */
export interface Digests {
  ports: DigestPorts;
  /** Enqueues every digest due now; resolves with how many were enqueued. */
  tick(): Promise<number>;
}

/**
 * A schedule set and never sent has its "since" where its last slot is (both when it was set); the
 * first digest moves "since" to when it was handled (after its slot, unless handled at the slot's
 * very millisecond, which a slot's wall time tells apart), and a changed schedule keeps the older "since".
 */
function basisOf(rec: DigestRecord): DigestOccasion['basis'] {
  if (rec.sinceAt !== rec.lastSlot) return 'last';
  const wall = DateTime.fromMillis(rec.lastSlot, { zone: rec.spec.zone });
  const [hour, minute] = rec.spec.time.split(':').map(Number);
  const atSlot = wall.hour === hour && wall.minute === minute && wall.second === 0 && wall.millisecond === 0;
  return atSlot ? 'last' : 'setUp';
}

/** Creates the digest scheduler over one store. */
export function createDigests(config: DigestsConfig): Digests {
  const { store, vocabulary, logger } = config;
  const schedules = digestSchedulesIn(store);
  const clock = () => (config.now?.() ?? new Date()).getTime();
  const defaultZone = () => config.sla?.current().timeZone ?? config.timeZone;
  let running: Promise<number> | undefined;

  /** Daily digests fall on the SLA calendar's open days (Monday to Friday without one); weekly ones skip a closed day. */
  const days = (): { working: DayFilter; open: DayFilter } => {
    const policy = config.sla?.current();
    if (!policy) return { working: WEEKDAYS_ONLY, open: () => true };
    const open: DayFilter = (_day, instant) => dayAt(policy.calendars.business, instant).open.length > 0;
    return { working: open, open };
  };

  /** What a digest for the conversation counts from `since` until `until`, in its zone and language. */
  async function counted(platform: Platform, conversationId: string, zone: string, since: number, until: number, weekly = false) {
    const [tickets, subs, locales, due] = await Promise.all([
      store.featureDatabase().then((db) => digestTickets(db, readFrom(since, until, zone, weekly), vocabulary.statuses.filter((s) => isDone(vocabulary, s)))),
      store.listSubscriptions(platform, conversationId),
      store.conversationLocales(),
      config.sla ? slaTableIn(store).slaQueue(0, 5000) : Promise.resolve(undefined),
    ]);
    const figures = digestFigures({ tickets, filters: subs.map((s) => s.filter), vocabulary, since, until, zone, slaDue: due?.rows, weekly });
    if (config.answers) {
      // The count is one fact among many: when it cannot be read, the digest goes without it.
      const questions = await config.answers.answeredSince(new Date(since).toISOString()).catch((error: unknown) => {
        config.logger.warn('questions answered without a ticket could not be counted for a digest; it goes without that line', { conversationId, error });
        return undefined;
      });
      // Next to the tickets filed in the same period, desk-wide like the questions (the index read above; no other read).
      if (questions !== undefined) figures.answered = { questions, filed: filedBetween(tickets, since, until) };
    }
    return { figures, locale: locales.get(`${platform}:${conversationId}`) ?? config.locale };
  }

  async function enqueue(key: string, platform: Platform, conversationId: string, spec: DigestSpec, occasion: DigestOccasion, until: number): Promise<void> {
    const { figures, locale } = await counted(platform, conversationId, spec.zone, occasion.since, until, spec.cadence === 'weekly');
    const view = digestView(figures, occasion, spec.zone, locale);
    await config.outbox.owe([{ key, ticketId: 0, createdAt: new Date(until).toISOString(), payload: { kind: 'screen', platform, conversationId, view } }]);
  }

  /** Enqueues the conversation's digest when a slot is due; true when this call enqueued and moved it. */
  async function runOne(rec: DigestRecord, now: number): Promise<boolean> {
    const { working, open } = days();
    const slots = slotsBetween(rec.spec, rec.lastSlot, now, working, open);
    // A closed day has no slot at all, so it is neither sent nor counted as missed.
    if (slots.length === 0) return false;
    const slot = slots[slots.length - 1];
    const late = slots.length > 1 || now - slot > LATE_AFTER_MS;
    const key = `digest:${rec.platform}:${rec.conversationId}:${slot}`;
    await enqueue(key, rec.platform, rec.conversationId, rec.spec, { since: rec.sinceAt, basis: basisOf(rec), ...(late ? { lateSlot: slot } : {}) }, now);
    const moved = await schedules.advance(rec.platform, rec.conversationId, rec.lastSlot, slot, now);
    if (moved) logger.info('channel digest enqueued', { platform: rec.platform, conversationId: rec.conversationId, late });
    return moved;
  }

  async function tickOnce(): Promise<number> {
    const now = clock();
    let n = 0;
    for (const rec of await schedules.list()) {
      try {
        if (await runOne(rec, now)) n += 1;
      } catch (err) {
        logger.warn('could not prepare a channel digest; the next check tries again', { platform: rec.platform, conversationId: rec.conversationId, error: err });
      }
    }
    return n;
  }

  const ports: DigestPorts = {
    defaultZone,
    isZone: (zone) => IANAZone.isValidZone(zone),
    async setSchedule(conversation: Conversation, spec: DigestSpec | undefined, by: string) {
      if (!spec) return schedules.remove(conversation.platform, conversation.id);
      const now = clock();
      const before = await schedules.get(conversation.platform, conversation.id);
      await schedules.put({ platform: conversation.platform, conversationId: conversation.id, spec, createdBy: by, lastSlot: now, sinceAt: before?.sinceAt ?? now });
      return true;
    },
    async schedule(conversation) {
      return (await schedules.get(conversation.platform, conversation.id))?.spec;
    },
    async digestNow(conversation) {
      const now = clock();
      const rec = await schedules.get(conversation.platform, conversation.id);
      const zone = rec?.spec.zone ?? defaultZone();
      // Without a schedule there is no last digest: the day before stands in for it.
      const since = rec?.sinceAt ?? now - 86_400_000;
      const { figures, locale } = await counted(conversation.platform, conversation.id, zone, since, now, rec?.spec.cadence === 'weekly');
      return { figures, since, basis: rec ? basisOf(rec) : 'day', zone, locale };
    },
  };

  return {
    ports,
    tick() {
      // Overlapping checks (timer and a test) share one run.
      running ??= tickOnce().finally(() => (running = undefined));
      return running;
    },
  };
}
