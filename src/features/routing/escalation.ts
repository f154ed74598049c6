/**
 * Escalation (issue 42 §3): a routed ticket its holder leaves unanswered (no claim, status change
 * or public comment) moves on after the rule's minutes to the next available agent, written with
 * If-Match so a change someone made first is never overwritten, with an internal note saying why
 * and a line in the ticket card's thread. After the rule's hops the channel is told "nobody
 * picked up #12", once. Each hop is claimed in the store (one row keyed by ticket and hop), so
 * across replicas and restarts each happens once; its note is recorded there before it is written,
 * so a process that dies after writing it leaves a takeover that finds it on the ticket rather than
 * writing it twice. It runs after every poll cycle, reading the clock it is handed: nothing waits
 * on a timer.
 */
import { addressKey, sameAddress } from '../../core/vocabulary';
import { HelpdeskError, type Actor, type Comment, type Ticket } from '../../helpdesk/types';
import { translator } from '../../i18n';
import type { CycleHook, HostServices } from '../types';
import { answerOf, escalationDue } from './escalation-rules';
import { createEscalationTable, type EscalationTable, type EscalationTables, type Hop, type Watched } from './escalation-table';
import type { Router } from './router';
import { groupNamed, type Group } from './rules';
import { routerOf, type RoutingServices } from './routing-services';
import { tellChannels } from './channel-lines';

/** A hop claimed by a process that died is taken over after this long. */
const STALE_HOP_MS = 5 * 60_000;

/** What escalation is handed: routing's services, the ticket service (reads, the write, the note) and the desk's language (the note's). */
export type EscalationServices = RoutingServices & Pick<HostServices, 'helpdesk' | 'locale'>;

/** What one hop did, for the log and the tests. */
export type HopOutcome =
  | { ticketId: number; hop: number; outcome: 'moved'; from: string; to: string }
  | { ticketId: number; hop: number; outcome: 'kept' | 'answered' | 'taken' | 'nobody' };

interface Run {
  services: EscalationServices;
  table: EscalationTable;
  router: Router;
  names: Map<string, string>;
  now: number;
}

const nameOf = (run: Run, address: string) => run.names.get(addressKey(address)) ?? address;
const actorOf = (run: Run, address: string): Actor => ({ email: address, name: nameOf(run, address) });

/** What the hop's row and the ticket's comments (read with the ticket) say of a note written before: a takeover's, or a first try's (none recorded). */
interface Before {
  row: Hop | undefined;
  comments: Comment[];
}

/**
 * Writes the hop's internal note once across a crash: its text is recorded before it is written,
 * and a note recorded earlier that is among the comments already read (no request of its own) was
 * written by the process that died, so it is not written again.
 */
async function note(run: Run, ticketId: number, hop: number, to: string, text: string, before: Before): Promise<void> {
  const recorded = before.row?.note?.trim();
  if (recorded && before.comments.some((c) => c.isInternal && c.body.trim() === recorded)) return;
  await run.table.intend(ticketId, hop, text);
  await run.services.helpdesk.addComment(actorOf(run, to), ticketId, text, { internal: true });
}

/** Writes the move (If-Match), the note and the channel line, and records it; a takeover of a dead claim resumes after the write. */
async function move(run: Run, w: Watched, hop: number, ticket: Ticket, group: Group, to: string, minutes: number, written: boolean, before: Before): Promise<HopOutcome> {
  const { services, table, router } = run;
  if (!written) {
    const decision = await router.decideFor(ticket, { passOver: w.holder });
    if (!('assignee' in decision)) {
      await table.finish(w.ticketId, hop, 'kept', run.now);
      return { ticketId: w.ticketId, hop, outcome: 'kept' };
    }
    to = decision.assignee;
    await table.aim(w.ticketId, hop, to);
    try {
      await services.helpdesk.assign(actorOf(run, to), w.ticketId, to, ticket.etag);
    } catch (e) {
      // 412: someone changed the ticket since it was read; their change stands and the chain ends.
      if (e instanceof HelpdeskError && e.kind === 'conflict') {
        await table.finish(w.ticketId, hop, 'taken', run.now);
        return { ticketId: w.ticketId, hop, outcome: 'taken' };
      }
      throw e;
    }
    await router.handedOver(w.ticketId, decision);
  }
  // A takeover after the move was recorded finds the new holder watched: whom the hop moved it from is the hop's row's.
  const from = written && before.row ? before.row.from : w.holder;
  const vars = { id: w.ticketId, from: nameOf(run, from), to: nameOf(run, to), minutes, hop, hops: group.escalation.hops };
  await note(run, w.ticketId, hop, to, translator(services.locale)('routing:escalation.note', vars), before);
  await tellChannels(run.services, w.ticketId, `routing-escalation:${w.ticketId}:${hop}`, run.now, (locale) => translator(locale)('routing:escalation.line', vars));
  await table.finish(w.ticketId, hop, 'moved', run.now);
  return { ticketId: w.ticketId, hop, outcome: 'moved', from, to };
}

/** One watched ticket: nothing before its hop is due; then the hop, once across replicas. */
async function step(run: Run, w: Watched, group: Group): Promise<HopOutcome | undefined> {
  const { services, table } = run;
  const due = escalationDue(group, services.slaPolicy?.current(), w.priority, w.since);
  if (!due || due.at > run.now) return undefined;
  const hop = w.hops + 1;
  if (!(await table.claim(w.ticketId, hop, w.holder, run.now, STALE_HOP_MS))) return undefined;
  const reader = run.names.has(addressKey(w.holder)) ? w.holder : [...run.names.keys()][0];
  let read;
  try {
    read = await services.helpdesk.getTicketWithComments(actorOf(run, reader ?? w.holder), w.ticketId);
  } catch (e) {
    // A ticket deleted from the list ends its chain.
    if (e instanceof HelpdeskError && e.kind === 'not-found') {
      await table.finish(w.ticketId, hop, 'taken', run.now);
      return { ticketId: w.ticketId, hop, outcome: 'taken' };
    }
    throw e;
  }
  const row = await table.hop(w.ticketId, hop);
  const before: Before = { row, comments: read.comments };
  if (row?.to && sameAddress(read.ticket.assignedTo, row.to)) return move(run, w, hop, read.ticket, group, row.to, due.minutes, true, before);
  const answer = answerOf(read.ticket, read.comments, w.holder, w.since, services.vocabulary);
  if (answer !== 'unanswered') {
    await table.finish(w.ticketId, hop, answer, run.now);
    return { ticketId: w.ticketId, hop, outcome: answer };
  }
  if (hop > group.escalation.hops) {
    const vars = { id: w.ticketId, title: read.ticket.title, holder: nameOf(run, w.holder) };
    await tellChannels(run.services, w.ticketId, `routing-nobody:${w.ticketId}`, run.now, (locale) => translator(locale)('routing:escalation.nobody', vars));
    await table.finish(w.ticketId, hop, 'nobody', run.now);
    return { ticketId: w.ticketId, hop, outcome: 'nobody' };
  }
  return move(run, w, hop, read.ticket, group, '', due.minutes, false, before);
}

/** Runs every hop due at `now`; one ticket's failure is logged and leaves its claim to be taken over, the others go on. */
export async function escalateDue(services: EscalationServices, now: number): Promise<HopOutcome[]> {
  const router = routerOf(services, services.helpdesk);
  if (!router || !services.routing) return [];
  await services.routing.rules.refresh();
  const rules = services.routing.rules.current();
  const table = createEscalationTable(services.db.withTables<EscalationTables>());
  const watched = await table.watched();
  if (watched.length === 0) return [];
  const active = (await services.helpdesk.activeAgents()).filter((a) => a.isActive);
  const run: Run = { services, table, router, names: new Map(active.map((a) => [addressKey(a.email), a.name])), now };
  const out: HopOutcome[] = [];
  for (const w of watched) {
    const group = groupNamed(rules, w.group);
    if (!group || group.method === 'manual') continue;
    try {
      const done = await step(run, w, group);
      if (done) out.push(done);
    } catch (err) {
      // Graph unavailable or throttled, the store busy: the claim stays and is taken over once stale.
      services.logger.warn('escalation hop failed; it is tried again once its claim is stale', { ticketId: w.ticketId, error: err });
    }
  }
  if (out.length > 0) services.logger.info('routing escalated', { hops: out });
  return out;
}

/** Escalation as a poll-cycle hook: after each cycle, every hop due at the cycle's time. */
export function escalationCycle(services: EscalationServices): CycleHook {
  return {
    async afterCycle(_tickets, _comments, now) {
      await escalateDue(services, now);
    },
    // A command's write is seen by the next poll; escalation needs nothing sooner.
    async afterWrite() {},
  };
}

/** Both hooks, one after the other (routing first, then escalation): a failure of the first is rethrown after the second ran. */
export function bothHooks(a: CycleHook, b: CycleHook): CycleHook {
  const run = async (first: () => Promise<void>, second: () => Promise<void>) => {
    let failed: { error: unknown } | undefined;
    try {
      await first();
    } catch (error) {
      // Any failure of the first hook: the poller logs it (rethrown below); the second still runs this cycle.
      failed = { error };
    }
    await second();
    if (failed) throw failed.error;
  };
  return {
    afterCycle: (t, c, now) => run(() => a.afterCycle(t, c, now), () => b.afterCycle(t, c, now)),
    afterWrite: (t, c, now) => run(() => a.afterWrite(t, c, now), () => b.afterWrite(t, c, now)),
  };
}
