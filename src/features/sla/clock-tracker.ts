/**
 * SLA clocks in the poll cycle. The poller's reads already carry what the clocks need (status and
 * priority of changed tickets, new comments with their authors), so a cycle costs no extra Graph
 * request: each changed ticket's history is extended and its clocks recomputed, and the store's
 * indexed next instants say which other tickets have a threshold due. Only when a policy is first
 * enabled are the tickets read once, and open tickets' comments read a few per cycle to find past
 * first responses. Thresholds crossed are handed to `announce` once; a new or changed policy's
 * backlog (thresholds already past) goes out as one summary instead.
 */
import type { Comment, Ticket } from '../../helpdesk/types';
import { firstResponseAt } from './first-response';
import type { Logger } from '../../log';
import { deriveClocks, nextChange, type ClockKind, type RoleOf, type Threshold } from './clock';
import type { PolicySource } from './policy-source';
import { slaTableIn, type SlaRecord } from './sla-table';
import type { Store } from '../../store/types';
import { createBacklog, type Backlog } from './sla-backlog';
import type { CardChange, SlaAlert, SlaFindings } from './sla-findings';
import { cardClock, sameCard } from './card-clocks';

export type { CardChange, SlaAlert, SlaFindings } from './sla-findings';

/** Options for createSlaTracker. */
export interface SlaTrackerConfig {
  source: PolicySource;
  store: Store;
  logger: Logger;
  roleOf: RoleOf;
  /** Every ticket, read once when a policy is first enabled. */
  everyTicket(): AsyncIterable<Ticket>;
  /** A ticket's public comments (the one-off scan for past first responses). */
  commentsOf(ticketId: number, requester: string): Promise<Comment[]>;
  /**
   * The active agents' address keys; undefined when the installation keeps no list (then anyone but
   * the requester counts). A list that cannot be read now (it throws) is not that: first responses
   * wait until it can be read.
   */
  activeAgents?: () => Promise<ReadonlySet<string> | undefined>;
  /** Tickets whose comments the one-off scan reads per cycle (default 3: well within the Graph budget). */
  scanPerCycle?: number;
}

/** The poll cycle's hook. */
export interface SlaTracker {
  /** After a cycle's commit: takes what it read, returns what is due to be told. */
  cycle(tickets: readonly Ticket[], comments: readonly Comment[], now: number): Promise<SlaFindings>;
  /**
   * What the bot just wrote (the fast lane), before the writer's answer is built, so a card shows
   * the clocks of a ticket just filed or changed at once. No Graph read: no backlog, no scan.
   */
  written(tickets: readonly Ticket[], comments: readonly Comment[], now: number): Promise<SlaFindings>;
}

const META_POLICY = 'policy';
const META_SCAN = 'scan';
const SCAN_DONE = 'done';
const BATCH = 2000;
/**
 * Thresholds settled per cycle: a burst (desk opening, a long outage) is spread over the next
 * cycles, keeping a cycle's SLA work under 50 ms of CPU with room for a garbage collection
 * (`bench/sla-store.ts`: the busiest cycles 30–40 ms at 150, up to 49 ms at 250).
 */
const DUE_LIMIT = 150;

/** The announced-set key of a threshold. */
export const thresholdKey = (kind: ClockKind, t: Threshold) => `${kind}:${t.kind}${t.kind === 'warning' ? `:${t.fraction}` : ''}`;

/** Creates the tracker over one store and policy source. */
export function createSlaTracker(config: SlaTrackerConfig): SlaTracker {
  const { source, store, logger, roleOf } = config;
  const sla = slaTableIn(store);
  const scanPerCycle = config.scanPerCycle ?? 3;

  /** Recomputes one record at `now`; crossed thresholds not yet told become alerts (or backlog). */
  function settle(record: SlaRecord, now: number, out: SlaAlert[], cards?: CardChange[]): SlaRecord {
    const clocks = deriveClocks(source.current(), record.history, now, roleOf);
    const announced = new Set(record.announced);
    const breachedAt = { ...record.history.breachedAt };
    let due: number | undefined;
    for (const clock of clocks) {
      if (clock.breachedAt !== undefined && breachedAt[clock.kind] === undefined) breachedAt[clock.kind] = clock.breachedAt;
      const stopped = clock.state === 'met' || clock.state === 'missed';
      if (!stopped && clock.due !== undefined) due = Math.min(due ?? Infinity, clock.due);
      const fresh = clock.crossed.filter((t) => !announced.has(thresholdKey(clock.kind, t)));
      for (const t of fresh) announced.add(thresholdKey(clock.kind, t));
      // Only the latest threshold is told: a warning overtaken by the breach says nothing new.
      const latest = fresh[fresh.length - 1];
      if (latest && !stopped) {
        const last = record.history.observations[record.history.observations.length - 1];
        const facts = { priority: last?.priority ?? '', status: last?.status ?? '', category: record.category ?? '', spaceId: record.spaceId };
        out.push({ ticketId: record.id, title: record.title ?? '', assignee: record.assignee ?? '', facts, clock, threshold: latest, key: `sla:${record.id}:${thresholdKey(clock.kind, latest)}` });
      }
    }
    const next = nextChange(clocks);
    const card = clocks.map(cardClock);
    if (cards && !sameCard(record.clocks, card)) cards.push({ ticketId: record.id, ...(record.link ? { link: record.link } : {}), clocks: card, seen: record.history.observations.length });
    const hasBreach = Object.keys(breachedAt).length > 0;
    return {
      ...record,
      history: { ...record.history, ...(hasBreach ? { breachedAt } : {}) },
      announced: [...announced],
      policy: source.fingerprint(),
      clocks: card,
      ...(next !== undefined ? { nextAt: next } : { nextAt: undefined }),
      ...(due !== undefined ? { dueAt: due } : { dueAt: undefined }),
    };
  }

  function fresh(t: Ticket): SlaRecord {
    const created = Date.parse(t.created);
    return { id: t.id, history: { created, observations: [{ at: created, status: t.status, priority: t.priority }] }, announced: [], policy: source.fingerprint() };
  }

  /** The record with what the ticket now says: a new observation when status or priority changed. */
  function observe(record: SlaRecord | undefined, t: Ticket): SlaRecord | undefined {
    const about = { ...(t.webUrl ? { link: t.webUrl } : {}), requester: t.submittedByEmail, assignee: t.assignedTo, title: t.title, category: t.category, ...(t.spaceId ? { spaceId: t.spaceId } : {}) };
    if (!record) return roleOf(t.status) === 'done' ? undefined : { ...fresh(t), ...about };
    const obs = record.history.observations;
    const last = obs[obs.length - 1];
    const changed = !last || last.status !== t.status || last.priority !== t.priority;
    const at = Math.max(Date.parse(t.modified), last?.at ?? 0);
    return {
      ...record,
      ...about,
      history: { ...record.history, observations: changed ? [...obs, { at, status: t.status, priority: t.priority }] : obs },
    };
  }

  /** The first response, by the one rule (src/features/sla/first-response.ts): the earliest one wins. */
  function respond(record: SlaRecord, comments: readonly Comment[], agents: ReadonlySet<string> | undefined): SlaRecord {
    const first = firstResponseAt(comments, record.requester ?? '', agents, record.history.firstResponseAt);
    return first === record.history.firstResponseAt ? record : { ...record, history: { ...record.history, firstResponseAt: first } };
  }

  /** The agents as known now, or 'unreadable' (logged): then no comment is judged, so none is counted as a response by guesswork. */
  async function agentsNow(): Promise<{ known: ReadonlySet<string> | undefined } | 'unreadable'> {
    try {
      return { known: await config.activeAgents?.() };
    } catch (err) {
      logger.warn('SLA: agents list unreadable; first responses are judged once it can be read again', { error: err });
      return 'unreadable';
    }
  }

  /** Comments that could not be judged get read again by the scan, from the lowest such ticket on (unless it is already behind that). */
  async function rescanFrom(ids: number[], metas: [string, string][]): Promise<void> {
    if (ids.length === 0) return;
    const after = Math.min(...ids) - 1;
    const latest = metas.filter(([name]) => name === META_SCAN).pop()?.[1] ?? (await sla.getSlaMeta(META_SCAN));
    const mark = latest === undefined || latest === SCAN_DONE ? Infinity : Number(latest);
    if (after < mark) metas.push([META_SCAN, String(after)]);
  }

  /** A new or changed policy: seed the records on first enable, recompute all; what is already past is backlog. */
  async function adopt(now: number, stored: string | undefined, metas: [string, string][]): Promise<Backlog> {
    const backlog = createBacklog();
    const past: SlaAlert[] = [];
    /** One ticket's thresholds already past go into the backlog as one ticket. */
    const settled = (r: SlaRecord) => {
      const record = settle(r, now, past);
      backlog.add(past.splice(0));
      return record;
    };
    if (stored === undefined && (await sla.slaRecordPage(0, 1)).length === 0) {
      let batch: SlaRecord[] = [];
      for await (const t of config.everyTicket()) {
        const r = observe(undefined, t);
        if (r) batch.push(settled(r));
        if (batch.length >= BATCH) {
          await sla.putSlaRecords(batch.splice(0));
        }
      }
      await sla.putSlaRecords(batch);
      metas.push([META_SCAN, '0']);
    } else {
      for (let after = 0; ;) {
        const page = await sla.slaRecordPage(after, BATCH);
        if (page.length === 0) break;
        await sla.putSlaRecords(page.map(settled));
        after = page[page.length - 1].id;
      }
    }
    metas.push([META_POLICY, source.fingerprint()]);
    logger.info('SLA policy adopted', { policy: source.fingerprint(), firstEnabled: stored === undefined, alreadyPast: backlog.tickets });
    return { groups: backlog.groups, tickets: backlog.tickets };
  }

  /** A few open tickets without a known first response get their comments read, until none is left. */
  async function scan(now: number, out: SlaAlert[], pending: Map<number, SlaRecord>, metas: [string, string][], cards: CardChange[]): Promise<void> {
    const mark = await sla.getSlaMeta(META_SCAN);
    if (mark === undefined || mark === SCAN_DONE) return;
    const page = await sla.slaWithoutFirstResponse(Number(mark), scanPerCycle);
    if (page.length === 0) {
      metas.push([META_SCAN, SCAN_DONE]);
      logger.info('SLA: past first responses read for every open ticket');
      return;
    }
    const agents = await agentsNow();
    // The scan waits (its mark stays) until the agents can be told from everyone else.
    if (agents === 'unreadable') return;
    for (const stored of page) {
      // This cycle may already have a newer version of the record (the ticket changed).
      const r = pending.get(stored.id) ?? stored;
      try {
        pending.set(r.id, settle(respond(r, await config.commentsOf(r.id, r.requester ?? ''), agents.known), now, out, cards));
      } catch (err) {
        // The ticket may be gone; the scan moves on rather than reading it every cycle.
        logger.warn('SLA: could not read a ticket\'s comments for its first response', { ticketId: r.id, error: err });
      }
    }
    metas.push([META_SCAN, String(page[page.length - 1].id)]);
  }

  /**
   * Changed tickets and commented ones: history extended, clocks recomputed into `pending`;
   * nothing else is touched. Returns the tickets whose comments wait for a readable agents list.
   */
  async function changed(tickets: readonly Ticket[], comments: readonly Comment[], now: number, pending: Map<number, SlaRecord>, alerts: SlaAlert[], cards: CardChange[]): Promise<number[]> {
    const unjudged: number[] = [];
    const byId = new Map<number, Ticket>();
    for (const t of tickets) byId.set(t.id, t);
    const commentsOf = new Map<number, Comment[]>();
    for (const c of comments) commentsOf.set(c.ticketId, [...(commentsOf.get(c.ticketId) ?? []), c]);
    const ids = [...new Set([...byId.keys(), ...commentsOf.keys()])];
    if (ids.length === 0) return unjudged;
    const known = await sla.slaRecords(ids);
    const agents = commentsOf.size > 0 ? await agentsNow() : { known: undefined };
    for (const id of ids) {
      const t = byId.get(id);
      let r = t ? observe(pending.get(id) ?? known.get(id), t) : pending.get(id) ?? known.get(id);
      if (!r) continue;
      const said = commentsOf.get(id);
      // Comments after a known first response cannot change it; others wait for the scan when the agents are unknown.
      if (said && agents === 'unreadable' && r.history.firstResponseAt === undefined) unjudged.push(id);
      else if (said && agents !== 'unreadable') r = respond(r, said, agents.known);
      pending.set(id, settle(r, now, alerts, cards));
    }
    return unjudged;
  }

  /** What a cycle found, to be told and then saved. */
  function findings(alerts: SlaAlert[], cards: CardChange[], backlog: Backlog, pending: Map<number, SlaRecord>, metas: [string, string][]): SlaFindings {
    return {
      alerts,
      cards,
      backlog,
      policy: source.fingerprint(),
      async save() {
        await sla.putSlaRecords([...pending.values()]);
        for (const [name, value] of metas) await sla.putSlaMeta(name, value);
      },
    };
  }

  return {
    async cycle(tickets, comments, now) {
      await source.refresh();
      const stored = await sla.getSlaMeta(META_POLICY);
      const metas: [string, string][] = [];
      const pending = new Map<number, SlaRecord>();
      const backlog = stored === source.fingerprint() ? { groups: [], tickets: 0 } : await adopt(now, stored, metas);
      const alerts: SlaAlert[] = [];
      const cards: CardChange[] = [];
      const unjudged = await changed(tickets, comments, now, pending, alerts, cards);

      // Thresholds that fell due since the last cycle, from the indexed next instants.
      for (const r of await sla.slaDueBefore(now, DUE_LIMIT)) if (!pending.has(r.id)) pending.set(r.id, settle(r, now, alerts, cards));
      await scan(now, alerts, pending, metas, cards);
      await rescanFrom(unjudged, metas);
      return findings(alerts, cards, backlog, pending, metas);
    },
    async written(tickets, comments, now) {
      const none = { groups: [], tickets: 0 };
      // A policy not adopted yet (first start, a changed file) is the next poll's: it sums up the backlog.
      if ((await sla.getSlaMeta(META_POLICY)) !== source.fingerprint()) return findings([], [], none, new Map(), []);
      const pending = new Map<number, SlaRecord>();
      const alerts: SlaAlert[] = [];
      const cards: CardChange[] = [];
      const metas: [string, string][] = [];
      // What the bot just wrote has happened, whatever this machine's clock says of the site's times.
      const at = Math.max(now, ...tickets.map((t) => Date.parse(t.modified) || 0), ...comments.map((c) => Date.parse(c.created) || 0));
      await rescanFrom(await changed(tickets, comments, at, pending, alerts, cards), metas);
      return findings(alerts, cards, none, pending, metas);
    },
  };
}
