/** `routing` (agents, private): the rules in words, who is available now and why not, today's assignments per agent, and the queue. */
import { VERBS } from '../../core';
import { normalizeLocale } from '../../i18n';
import { confirm, tr } from '../../commands/respond';
import { EVERYWHERE } from '../../commands/declaration';
import { agentOnly } from '../../commands/subscription-filter';
import { formatDate } from '../../views/format';
import type { FeatureCommand, FeatureHandler } from '../types';
import { routerOf, type RoutingServices } from './routing-services';
import { routingSections } from './routing-words';

const routing: FeatureHandler<RoutingServices> = async (ctx, _input, _commands, services) => {
  const refused = await agentOnly(ctx, 'routing');
  if (refused) return refused;
  const t = tr(ctx);
  const router = routerOf(services, ctx.helpdesk);
  if (!router) return confirm(t('routing:off'));
  const snapshot = await router.snapshot();
  // The platform's own date speaks its client's language: used only when that is the answer's too.
  const platformDates = !ctx.clientLocale || normalizeLocale(ctx.clientLocale) === normalizeLocale(ctx.locale);
  const zone = platformDates ? undefined : ((await services.store.personZone(ctx.actor.email)) ?? services.timeZone);
  const dates: { text: string; iso: string }[] = [];
  const date = (ms: number) => {
    const iso = new Date(ms).toISOString();
    const text = formatDate(iso, ctx.locale, zone);
    dates.push({ text, iso });
    return text;
  };
  const { message, sections } = routingSections(t, snapshot, date);
  const reply = confirm(message);
  if (reply.view.type === 'confirmation') {
    reply.view.confirmation.sections = sections;
    if (dates.length && platformDates) reply.view.confirmation.dates = dates;
  }
  return reply;
};

/** `routing`. */
export const routingCommand: FeatureCommand<RoutingServices> = {
  name: 'routing',
  usage: 'routing',
  description: 'routing:describe.routing',
  who: 'agents',
  scopes: EVERYWHERE,
  menus: [],
  args: { kind: 'none' },
  verb: VERBS.routing,
  handles: { [VERBS.routing]: routing },
  answers: 'confirmation',
  examples: [{ typed: 'routing' }],
  helpGroup: 'work',
};
