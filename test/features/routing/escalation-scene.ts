/**
 * Escalation on the embedded site, as the escalation tests drive it: the routing scene with its
 * clock pinned to the emulator's time (its comments carry real times), escalation's cycle hook,
 * routed tickets with a card in channel C1, and what a person would look at: who holds a ticket on
 * the site, its internal notes, the lines its channel got, what `routing` shows. Escalation may be
 * handed a ticket service over a proxy that loses the answer of one request after the site acted
 * on it (a dropped connection), so the Graph client's own repeat of that request is real.
 */
import { escalationCycle, type EscalationServices } from '../../../src/features/routing/escalation';
import { connectionFor } from '../../../src/emulator';
import { createGraphClient } from '../../../src/graph';
import { createHelpdeskService } from '../../../src/helpdesk';
import type { Actor, Ticket } from '../../../src/helpdesk/types';
import type { Reply } from '../../../src/commands/types';
import { startLossyProxy } from '../../support/lossy-proxy';
import { startRoutingScene, VERBS, type RoutingScene } from './scene';

export const MEGAN: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };
export const ALEX: Actor = { email: 'alexw@example.com', name: 'Alex Wilber' };
export const DIEGO: Actor = { email: 'diegos@example.com', name: 'Diego Siciliani' };
export const PATTI: Actor = { email: 'pattif@example.com', name: 'Patti Fernandez' };
export const MINUTE = 60_000;

/** The answer's text: its message and each section's heading and lines. */
function text(reply: Reply): string {
  if (reply.view.type !== 'confirmation') return JSON.stringify(reply.view);
  const c = reply.view.confirmation;
  return [c.message, ...(c.sections ?? []).flatMap((s) => [`## ${s.heading}`, ...s.lines])].join('\n');
}

export type EscalationScene = Awaited<ReturnType<typeof startEscalation>>;

/** Starts the scene with these rules; `lossy`: escalation's ticket service goes through the proxy that can lose an answer. */
export async function startEscalation(rules: object, options: { lossy?: boolean } = {}) {
  const s: RoutingScene = await startRoutingScene(rules, []);
  s.advance(Date.now() - s.services.now().getTime());
  const proxy = options.lossy ? await startLossyProxy(s.stack.emulator.url) : undefined;
  const helpdesk = proxy
    ? createHelpdeskService({
      agentCacheTtlMs: 0, settings: s.stack.settings,
      graph: createGraphClient({ ...connectionFor(s.stack.emulator), graphUrl: proxy.url, authUrl: proxy.url, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterSeconds: 1 } }),
    })
    : s.stack.helpdesk;
  const services: EscalationServices = { ...s.services, helpdesk, locale: 'en' };
  const hook = escalationCycle(services);
  /** One poll cycle's escalation, at the scene's time. */
  const cycle = () => hook.afterCycle([], [], services.now().getTime());
  /** A new Hardware ticket, routed and written as the poll cycle's wiring does, with its card in channel C1. */
  async function routed(title: string): Promise<Ticket> {
    const ticket = await s.stack.helpdesk.createTicket(PATTI, { title, description: 'it does not print', category: 'Hardware' });
    const decision = await s.router.routeTicket(ticket);
    if (!decision || !('assignee' in decision)) throw new Error(`not routed: ${JSON.stringify(decision)}`);
    await s.stack.helpdesk.assign({ email: decision.assignee, name: '' }, ticket.id, decision.assignee, ticket.etag);
    await s.router.written(ticket.id);
    await s.store.savePostedMessage({ platform: 'teams', conversationId: 'C1', ticketId: ticket.id, messageId: `card-${ticket.id}` });
    return ticket;
  }
  /** The lines the channel is owed, each sent (as the drain does) once read. */
  async function channelLines(): Promise<string[]> {
    const out: string[] = [];
    for (;;) {
      const due = await s.store.dueDeliveries(Number.MAX_SAFE_INTEGER, 10, 'teams:C1');
      if (due.length === 0) return out;
      for (const d of due) {
        out.push((d.payload as { text: string }).text);
        await s.store.startDelivery(d.key);
        await s.store.finishDelivery(d.key);
      }
    }
  }
  const holder = async (id: number) => (await s.stack.helpdesk.getTicket(DIEGO, id)).assignedTo.toLowerCase();
  const notes = async (id: number) => (await s.stack.helpdesk.listComments(DIEGO, id)).filter((c) => c.isInternal).map((c) => `${c.authorEmail}: ${c.body}`);
  /** How many times the ticket was written on the site since it was created (its version counts them). */
  const writes = (id: number) => Number(/,(\d+)"?$/.exec(s.stack.emulator.data.get('SD_Tickets', String(id))!.etag)![1]) - 1;
  /** The agents' lines of `routing` as an agent reads it. */
  const shown = async () => text(await s.run(DIEGO.email, VERBS.routing)).split('\n').filter((l) => l.includes('assigned today'));
  return {
    s, services, cycle, routed, channelLines, holder, notes, writes, shown, proxy,
    close: async () => {
      await proxy?.close();
      await s.close();
    },
  };
}
