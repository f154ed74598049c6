/**
 * `away [until <date or time>]` and `back` (agents, anywhere, private): an agent's own word on
 * whether routing may give them tickets. `away` with a time ends by itself (kept as data, checked
 * on read). When routing is on and the agent holds open tickets, `away` offers, with one button,
 * to hand them to their group: each goes where routing would send it now (the agent is away),
 * recorded before it is written with the ticket's etag, so a ticket someone changed meanwhile stays
 * as it is and a write interrupted at any step is finished by the poll cycle, once (handover.ts).
 * The answer says what became of each ticket (handover-answer.ts).
 */
import { addressKey } from '../../core/vocabulary';
import { VERBS } from '../../core';
import { confirm, errorReply, tr } from '../../commands/respond';
import { EVERYWHERE } from '../../commands/declaration';
import { agentOnly } from '../../commands/subscription-filter';
import { formatDate } from '../../views/format';
import type { Translate } from '../../i18n';
import type { FeatureCommand, FeatureHandler } from '../types';
import { handOne, handOverRun, type Handed } from './handover';
import { handOverAnswer } from './handover-answer';
import { routerOf, tableOf, type RoutingServices } from './routing-services';
import { parseUntil } from './until';

/** Open tickets handed over at most per click (a longer list is handed over by a second click). */
const HAND_OVER_MAX = 50;

/** "You are away (until …)": the line the away answer starts with, and the hand-over's answer keeps. */
function awayStatus(t: Translate, until: number | undefined, locale: string | undefined, zone: string) {
  if (until === undefined) return confirm(t('routing:away.set'));
  const iso = new Date(until).toISOString();
  const text = formatDate(iso, locale, zone);
  const reply = confirm(t('routing:away.setUntil', { until: text }));
  if (reply.view.type === 'confirmation') reply.view.confirmation.dates = [{ text, iso }];
  return reply;
}

const away: FeatureHandler<RoutingServices> = async (ctx, input, _commands, services) => {
  const refused = await agentOnly(ctx, 'away');
  if (refused) return refused;
  const t = tr(ctx);
  const now = services.now().getTime();
  const zone = (await services.store.personZone(ctx.actor.email)) ?? services.timeZone;
  const typed = (input.values?.until ?? input.text ?? '').trim();
  const until = typed ? parseUntil(typed, now, zone) : undefined;
  if (typed && until === undefined) return errorReply(t('routing:away.badUntil', { typed }), awayCommand.usage);
  if (until !== undefined && until <= now) return errorReply(t('routing:away.past', { typed }), awayCommand.usage);
  await tableOf(services).setAway(addressKey(ctx.actor.email), now, until);
  const reply = awayStatus(t, until, ctx.locale, zone);
  if (reply.view.type !== 'confirmation') return reply;
  if (!routerOf(services, ctx.helpdesk)) return reply;
  const open = await ctx.helpdesk.listTickets(ctx.actor, { assignedTo: ctx.actor.email, open: true, limit: HAND_OVER_MAX });
  if (open.length > 0) {
    reply.view.confirmation.message += `\n${t('routing:away.offer', { count: open.length })}`;
    reply.view.confirmation.actions.push({ verb: VERBS.handOff, title: t('routing:away.handOver', { count: open.length }), style: 'positive' });
  }
  return reply;
};

const handOff: FeatureHandler<RoutingServices> = async (ctx, _input, _commands, services) => {
  const refused = await agentOnly(ctx, 'away');
  if (refused) return refused;
  const t = tr(ctx);
  const router = routerOf(services, ctx.helpdesk);
  if (!router) return confirm(t('routing:off'));
  const open = await ctx.helpdesk.listTickets(ctx.actor, { assignedTo: ctx.actor.email, open: true, limit: HAND_OVER_MAX });
  if (open.length === 0) return confirm(t('routing:handOff.nothing'));
  const names = new Map((await ctx.helpdesk.activeAgents()).map((a) => [addressKey(a.email), a.name || a.email]));
  const run = handOverRun(services, ctx.helpdesk, router);
  const handed: Handed[] = [];
  for (const ticket of open) {
    handed.push(await handOne(run, ticket, ctx.actor).catch((err: unknown): Handed => {
      // Deciding or reading its record failed (the store, a source): nothing was recorded or written, so it stays the agent's.
      services.logger.warn('a ticket could not be handed over; it stays with its holder', { ticketId: ticket.id, error: err });
      return { ticketId: ticket.id, outcome: 'failed' };
    }));
  }
  const outcome = handOverAnswer(t, handed, (address) => names.get(address) ?? address);
  // The answer takes the away card's place: it keeps saying the agent is away, and until when.
  const status = (await tableOf(services).awayAt(services.now().getTime())).get(addressKey(ctx.actor.email));
  if (!status || outcome.view.type !== 'confirmation') return outcome;
  const zone = (await services.store.personZone(ctx.actor.email)) ?? services.timeZone;
  const line = awayStatus(t, status.until, ctx.locale, zone);
  if (line.view.type !== 'confirmation') return outcome;
  outcome.view.confirmation.message = `${line.view.confirmation.message}\n${outcome.view.confirmation.message}`;
  if (line.view.confirmation.dates) outcome.view.confirmation.dates = line.view.confirmation.dates;
  return outcome;
};

const back: FeatureHandler<RoutingServices> = async (ctx, _input, _commands, services) => {
  const refused = await agentOnly(ctx, 'back');
  if (refused) return refused;
  const t = tr(ctx);
  const was = await tableOf(services).setBack(addressKey(ctx.actor.email), services.now().getTime());
  return confirm(t(was ? 'routing:back.done' : 'routing:back.wasNot'), 'private', was ? 'success' : 'info');
};

/** `away [until <date or time>]`, and its hand-over button. */
export const awayCommand: FeatureCommand<RoutingServices> = {
  name: 'away',
  usage: 'away [until <date or time>]',
  description: 'routing:describe.away',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'text', key: 'until' },
  verb: VERBS.away,
  handles: { [VERBS.away]: away, [VERBS.handOff]: handOff },
  writes: true,
  // The hand-over button writes: a second click (or a retry) is told what the first one handed over.
  once: [VERBS.handOff],
  answers: 'confirmation',
  examples: [{ typed: 'away' }, { name: 'away until', typed: 'away until 2099-12-24', values: { until: 'until 2099-12-24' } }, { name: 'hand over', verb: VERBS.handOff }],
  helpGroup: 'yours',
};

/** `back`. */
export const backCommand: FeatureCommand<RoutingServices> = {
  name: 'back',
  usage: 'back',
  description: 'routing:describe.back',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'none' },
  verb: VERBS.back,
  handles: { [VERBS.back]: back },
  writes: true,
  answers: 'confirmation',
  examples: [{ typed: 'back' }],
  helpGroup: 'yours',
};
