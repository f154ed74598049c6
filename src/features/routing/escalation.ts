/**
 * Escalation (issue 42 §3): a routed ticket its holder leaves unanswered (no claim, status change
 * or public comment) moves on after the rule's minutes to the next available agent, written with
 * If-Match so a change someone made first is never overwritten, with an internal note saying why
 * and a line in the ticket card's thread. After the rule's hops the channel is told "nobody
 * picked up #12", once. It runs after every poll cycle, reading the clock it is handed: nothing
 * waits on a timer.
 *
 * Each hop is claimed in the store (one row keyed by ticket and hop), so across replicas and
 * restarts one process does it. Each step is recorded before its effect, so a hop interrupted at
 * any step is finished by the next cycle that takes it over (at once after a failure this process
 * caught, 5 minutes after a process died), each effect once: the decision before the write (a
 * takeover that finds it on the ticket does not write again, and records the hand-over in routing's
 * table if the process died before it did), the note before it is written (a takeover finds it
 * among the comments it read), the channel line under a key the outbox owes once. An unfinished
 * hop is taken over whatever the new holder's minutes say, and the new holder's minutes count from
 * the write. A process whose claim was taken over writes nothing more (the claim's time fences it).
 */
import { addressKey, sameAddress } from '../../core/vocabulary';
import { HelpdeskError, type Actor, type Comment, type Ticket } from '../../helpdesk/types';
import { translator } from '../../i18n';
import type { CycleHook, HostServices } from '../types';
import type { Decision } from './decide';
import { answerOf, escalationDue } from './escalation-rules';
import { createEscalationTable, type Claim, type EscalationTable, type EscalationTables, type Hop, type Watched } from './escalation-table';
import type { Router } from './router';
import { groupNamed, type Group } from './rules';
import { routerOf, tableOf, type RoutingServices } from './routing-services';
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

/** A hop this process held until a takeover claimed it (it was slow, not dead): the taker finishes it. */
class ClaimLost extends Error {}

/** Goes on only while the claim holds: the fenced record found it. */
async function holding(recorded: Promise<boolean>): Promise<void> {
  if (!(await recorded)) throw new ClaimLost('the hop was taken over by another cycle');
}

/** What the hop's row and the ticket's comments (read with the ticket) say of a note written before: a takeover's, or a first try's (none recorded). */
interface Before {
  row: Hop | undefined;
  comments: Comment[];
}

/** A move whose write is on the ticket: whom it came from, what was written and when, the minutes the note names. */
interface Move {
  from: string;
  decision: Decision & { assignee: string };
  at: number;
  minutes: number;
}

/**
 * Writes the hop's internal note once across a crash: its text is recorded before it is written,
 * and a note recorded earlier that is among the comments already read (no request of its own) was
 * written by the process that died, so it is not written again.
 */
async function note(run: Run, c: Claim, to: string, text: string, before: Before): Promise<void> {
  const recorded = before.row?.note?.trim();
  if (recorded && before.comments.some((x) => x.isInternal && x.body.trim() === recorded)) return;
  await holding(run.table.intend(c, text));
  await run.services.helpdesk.addComment(actorOf(run, to), c.ticketId, text, { internal: true });
}

/**
 * The rest of a move whose write is on the ticket, each part once however often it is resumed:
 * routing's table names the new holder (a takeover records the hand-over when the process died
 * before it did), the note, the channel line, and the hop's end dated when the write was sent.
 */
async function finishMove(run: Run, c: Claim, group: Group, move: Move, before: Before, recorded: boolean): Promise<HopOutcome> {
  const { services, router } = run;
  const to = move.decision.assignee;
  if (!recorded && !sameAddress((await tableOf(services).ticket(c.ticketId))?.assignee, to)) {
    await router.handedOver(c.ticketId, move.decision, { at: move.at, late: true });
  }
  const vars = { id: c.ticketId, from: nameOf(run, move.from), to: nameOf(run, to), minutes: move.minutes, hop: c.hop, hops: group.escalation.hops };
  await note(run, c, to, translator(services.locale)('routing:escalation.note', vars), before);
  await tellChannels(services, c.ticketId, `routing-escalation:${c.ticketId}:${c.hop}`, run.now, (locale) => translator(locale)('routing:escalation.line', vars));
  await holding(run.table.finish(c, 'moved', move.at));
  return { ticketId: c.ticketId, hop: c.hop, outcome: 'moved', from: move.from, to };
}

/** A first try's move: decided, recorded (aim), written with If-Match, recorded in routing's table, then finished. */
async function move(run: Run, c: Claim, w: Watched, group: Group, ticket: Ticket, minutes: number, before: Before): Promise<HopOutcome> {
  const { services, table, router } = run;
  const decision = await router.decideFor(ticket, { passOver: w.holder });
  if (!('assignee' in decision)) {
    await holding(table.finish(c, 'kept', run.now));
    return { ticketId: c.ticketId, hop: c.hop, outcome: 'kept' };
  }
  await holding(table.aim(c, decision, run.now));
  try {
    await services.helpdesk.assign(actorOf(run, decision.assignee), c.ticketId, decision.assignee, ticket.etag);
  } catch (e) {
    // Only a 412 is handled here; anything else leaves the hop to the next cycle, which reads the ticket again.
    if (!(e instanceof HelpdeskError && e.kind === 'conflict') || !e.details.current) throw e;
    // A 412 that shows this very assignment: the client repeated a write whose answer was lost, and the repeat met its own change.
    // Any other: someone changed the ticket since it was read; their change stands and the chain ends.
    if (!sameAddress(e.details.current.assignedTo, decision.assignee)) {
      await holding(table.finish(c, 'taken', run.now));
      return { ticketId: c.ticketId, hop: c.hop, outcome: 'taken' };
    }
  }
  await router.handedOver(c.ticketId, decision, { at: run.now });
  return finishMove(run, c, group, { from: w.holder, decision, at: run.now, minutes }, before, true);
}

/** What a takeover finds recorded of a write on the ticket (rows from before the decision was recorded: rebuilt from the group). */
function recordedMove(row: Hop & { to: string }, group: Group, c: Claim, minutes: number): Move {
  const method = group.method === 'least-busy' ? 'least-busy' : 'round-robin';
  const decision = row.decision ?? { assignee: row.to, group: group.name, method, why: { code: method, groups: [group.name], skipped: [] } };
  return { from: row.from, decision, at: row.aimedAt ?? c.at, minutes };
}

/** A claimed hop, first try or takeover: finished where a write on the ticket shows it was, else decided from the ticket as it is. */
async function take(run: Run, c: Claim, w: Watched, group: Group, minutes: number): Promise<HopOutcome> {
  const { services, table } = run;
  const reader = run.names.has(addressKey(w.holder)) ? w.holder : [...run.names.keys()][0];
  let read;
  try {
    read = await services.helpdesk.getTicketWithComments(actorOf(run, reader ?? w.holder), c.ticketId);
  } catch (e) {
    // A ticket deleted from the list ends its chain.
    if (e instanceof HelpdeskError && e.kind === 'not-found') {
      await holding(table.finish(c, 'taken', run.now));
      return { ticketId: c.ticketId, hop: c.hop, outcome: 'taken' };
    }
    throw e;
  }
  const row = await table.hop(c.ticketId, c.hop);
  const before: Before = { row, comments: read.comments };
  if (row?.to && sameAddress(read.ticket.assignedTo, row.to)) return finishMove(run, c, group, recordedMove({ ...row, to: row.to }, group, c, minutes), before, false);
  const answer = answerOf(read.ticket, read.comments, w.holder, w.since, services.vocabulary);
  if (answer !== 'unanswered') {
    await holding(table.finish(c, answer, run.now));
    return { ticketId: c.ticketId, hop: c.hop, outcome: answer };
  }
  if (c.hop > group.escalation.hops) {
    const vars = { id: c.ticketId, title: read.ticket.title, holder: nameOf(run, w.holder) };
    await tellChannels(services, c.ticketId, `routing-nobody:${c.ticketId}`, run.now, (locale) => translator(locale)('routing:escalation.nobody', vars));
    await holding(table.finish(c, 'nobody', run.now));
    return { ticketId: c.ticketId, hop: c.hop, outcome: 'nobody' };
  }
  return move(run, c, w, group, read.ticket, minutes, before);
}

/**
 * One watched ticket: a hop left unfinished is taken over once its claim is stale or let go (whatever
 * the new holder's minutes say); else nothing before the hop is due; then the hop, once across replicas.
 */
async function step(run: Run, w: Watched, group: Group): Promise<HopOutcome | undefined> {
  const due = escalationDue(group, run.services.slaPolicy?.current(), w.priority, w.since);
  if (!due) return undefined;
  if (w.open !== undefined ? w.open >= run.now - STALE_HOP_MS : due.at > run.now) return undefined;
  const c: Claim = { ticketId: w.ticketId, hop: w.hops + 1, at: run.now };
  if (!(await run.table.claim(c.ticketId, c.hop, w.holder, c.at, STALE_HOP_MS))) return undefined;
  try {
    return await take(run, c, w, group, due.minutes);
  } catch (err) {
    // Any failure but a lost claim: this process is out of the hop, so it lets it go and the next cycle takes it over.
    // The release failing too (the store down): the claim is taken over once stale.
    if (!(err instanceof ClaimLost)) await run.table.release(c).catch(() => undefined);
    throw err;
  }
}

/** Runs every hop due at `now`; one ticket's failure is logged and leaves its hop to the next cycle, the others go on. */
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
      // A claim taken over while this process was slow: the taker finishes the hop.
      if (err instanceof ClaimLost) services.logger.info('escalation hop taken over by another cycle', { ticketId: w.ticketId });
      // Graph unavailable or throttled, the store busy: the next cycle takes the hop over (once stale, if it could not be let go).
      else services.logger.warn('escalation hop failed; the next cycle takes it up again', { ticketId: w.ticketId, error: err });
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
