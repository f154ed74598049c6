/** `mine`: my open tickets, then my recently resolved ones. Private. */
import { sameText } from '../core/vocabulary';
import { resolvedStatus } from '../views/format';
import { keepingList, ticketListView } from '../views/list-view';
import { peopleNames } from './people';
import { privately, tr } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { Handler } from './types';

const OPEN_LIMIT = 20;
const RESOLVED_LIMIT = 5;
// Open and resolved tickets are read in one request of this many; a requester rarely has more.
const SCAN_LIMIT = 100;

/** Lists the tickets I filed: open first, then the last few resolved. */
const mine: Handler = async (ctx) => {
  const me = ctx.actor;
  const vocabulary = ctx.helpdesk.vocabulary;
  const done = resolvedStatus(vocabulary);
  // One request for both parts: open and resolved tickets together, newest change first.
  const [both, isAgent] = await Promise.all([
    ctx.helpdesk.listTickets(me, { submittedBy: me.email, statuses: [...vocabulary.openStatuses, done], limit: SCAN_LIMIT }),
    ctx.helpdesk.isAgent(me.email),
  ]);
  const open = both.filter((t) => vocabulary.openStatuses.some((s) => sameText(s, t.status))).slice(0, OPEN_LIMIT + 1);
  const resolved = both.filter((t) => sameText(t.status, done)).slice(0, RESOLVED_LIMIT);
  const shownOpen = open.slice(0, OPEN_LIMIT);
  const t = tr(ctx);
  const footer = open.length > OPEN_LIMIT
    ? t('commands:mine.moreOpen', { open: OPEN_LIMIT, resolved: resolved.length })
    : resolved.length ? t('commands:mine.counts', { open: shownOpen.length, resolved: resolved.length }) : undefined;
  const list = ticketListView(
    t('commands:mine.title'),
    [...shownOpen, ...resolved],
    { email: me.email, isAgent, locale: ctx.locale },
    t('commands:mine.empty'),
    footer,
    await peopleNames(ctx),
    vocabulary,
  );
  return privately({ type: 'ticket-list', list: keepingList(list, { verb: VERBS.mine, values: {} }) });
};

/** `mine`. */
export const mineCommand: CommandDeclaration = {
  name: 'mine',
  usage: 'mine',
  description: 'commands:describe.mine',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  args: { kind: 'none' },
  verb: VERBS.mine,
  handles: { [VERBS.mine]: mine },
  answers: 'ticket-list',
  examples: [{ typed: 'mine' }],
  helpGroup: 'tickets',
};
