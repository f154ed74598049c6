/**
 * An agent's hand-over on the embedded site, as the hand-over tests drive it: the routing scene
 * (its clock pinned), Megan holding tickets, her `away` and its button clicked through a ticket
 * service that reaches the site over a proxy (so a test can act just before a request reaches the
 * site: make the site fail it with its own faults, or change the ticket first), the poll cycle's
 * routing part, and what a person would look at: who holds a ticket, how often it was written (one
 * write, one DM from the notifier), the DM's reason, and what `routing` shows.
 */
import { connectionFor } from '../../../src/emulator';
import { startLossyProxy } from '../../support/lossy-proxy';
import { assignmentReason } from '../../../src/features/routing/routing-reason';
import { routingCycle } from '../../../src/features/routing/routing-cycle';
import { createGraphClient } from '../../../src/graph';
import { createHelpdeskService } from '../../../src/helpdesk';
import type { Actor } from '../../../src/helpdesk/types';
import type { CommandContext, Reply } from '../../../src/commands/types';
import { startRoutingScene, VERBS } from './scene';

export const MEGAN: Actor = { email: 'meganb@example.com', name: 'Megan Bowen' };
export const ALEX: Actor = { email: 'alexw@example.com', name: 'Alex Wilber' };
export const DIEGO: Actor = { email: 'diegos@example.com', name: 'Diego Siciliani' };
const PATTI: Actor = { email: 'pattif@example.com', name: 'Patti Fernandez' };
export const MINUTE = 60_000;

/** Hardware and Network by round robin; only Megan takes Network, so nobody can take hers while she is away. */
export const RULES = {
  groups: [
    { name: 'Hardware', agents: [MEGAN.email, ALEX.email, DIEGO.email], method: 'round-robin', match: { categories: ['Hardware'] } },
    { name: 'Network', agents: [MEGAN.email], method: 'round-robin', match: { categories: ['Network'] }, fallback: 'unassigned' },
  ],
  default: 'Hardware',
};

/** The answer's text. */
export function text(reply: Reply): string {
  return reply.view.type === 'confirmation' ? reply.view.confirmation.message : JSON.stringify(reply.view);
}

export type HandOverScene = Awaited<ReturnType<typeof startHandOver>>;

/** Starts the scene with these rules. */
export async function startHandOver(rules: object = RULES) {
  const s = await startRoutingScene(rules, []);
  const emulator = s.stack.emulator;
  // Megan holds only the tickets a test gives her.
  emulator.data.clear('SD_Tickets');
  const proxy = await startLossyProxy(emulator.url);
  const { url } = proxy;
  const helpdesk = createHelpdeskService({
    agentCacheTtlMs: 0, settings: s.stack.settings,
    graph: createGraphClient({ ...connectionFor(emulator), graphUrl: url, authUrl: url, retry: { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterSeconds: 1 } }),
  });
  const services = { ...s.services, helpdesk, locale: 'en' };
  const hook = routingCycle(services);

  /** A Hardware (or other) ticket Megan holds: routed to her (routing's row names her), or assigned to her by hand. */
  async function held(title: string, options: { category?: string; routed?: boolean } = {}): Promise<number> {
    const t = await s.stack.helpdesk.createTicket(PATTI, { title, description: 'it broke', category: options.category ?? 'Hardware' });
    if (options.routed) {
      const decision = await s.router.routeTicket(t);
      if (!decision || !('assignee' in decision) || decision.assignee !== MEGAN.email) throw new Error(`not routed to Megan: ${JSON.stringify(decision)}`);
      await s.stack.helpdesk.assign({ email: decision.assignee, name: '' }, t.id, decision.assignee, t.etag);
      await s.router.written(t.id);
    } else {
      await s.stack.helpdesk.assign(MEGAN, t.id, MEGAN.email);
    }
    return t.id;
  }
  /** A command by verb as this agent, through the proxied ticket service. */
  async function run(who: Actor, verb: string, locale = 'en'): Promise<Reply> {
    const ctx: CommandContext = { actor: who, helpdesk, conversation: { platform: 'slack', id: 'D1', kind: 'personal' }, channel: {}, locale };
    return s.commands.handler(verb)!(ctx, { verb }, s.commands.declarations);
  }
  /** Megan types `away` and clicks "Hand over" (in this language); the click's answer. */
  async function handOver(locale = 'en'): Promise<string> {
    await run(MEGAN, VERBS.away, locale);
    return text(await run(MEGAN, VERBS.handOff, locale));
  }
  const holder = async (id: number) => (await s.stack.helpdesk.getTicket(DIEGO, id)).assignedTo.toLowerCase();
  /** How many times the ticket was written on the site since it was created (its version counts them). */
  const writes = (id: number) => Number(/,(\d+)"?$/.exec(emulator.data.get('SD_Tickets', String(id))!.etag)![1]) - 1;
  /** The new holder's DM reason for the ticket, as the notifier reads it. */
  const reason = async (id: number, to: Actor, locale = 'en') => (await assignmentReason(services)(id, to.email, locale))?.dm;
  /** The agents' lines of `routing` as an agent reads it. */
  const agentsShown = async () => {
    const r = await run(DIEGO, VERBS.routing);
    if (r.view.type !== 'confirmation') return [];
    return (r.view.confirmation.sections ?? []).flatMap((x) => x.lines).filter((l) => l.includes('assigned today'));
  };
  return {
    s, services, emulator, held, run, handOver, holder, writes, reason, agentsShown,
    /** Runs before each request reaches the site. */
    set before(f: ((method: string, url: string) => void) | undefined) {
      proxy.before = f;
    },
    /** The next request matching (`METHOD /path`) loses its answer after the site acted on it. */
    loseAnswer: (request: RegExp) => proxy.loseAnswer(request),
    /** One poll cycle's routing part, at the scene's time. */
    cycle: () => hook.afterCycle([], [], services.now().getTime()),
    close: async () => {
      await proxy.close();
      await s.close();
    },
  };
}
