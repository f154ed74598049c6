/** `mine`: my open tickets, then my recently resolved ones. Private. */
import { sameText } from '../core/vocabulary';
import { resolvedStatus } from '../views/format';
import { keepingList, ticketListView } from '../views/list-view';
import { peopleNames } from './people';
import { privately } from './respond';
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
  const footer = open.length > OPEN_LIMIT
    ? `Showing your ${OPEN_LIMIT} newest open tickets and ${resolved.length} recently resolved.`
    : resolved.length ? `${shownOpen.length} open, ${resolved.length} recently resolved.` : undefined;
  const list = ticketListView(
    'My tickets',
    [...shownOpen, ...resolved],
    { email: me.email, isAgent },
    'You have no tickets. Type `new` to file one.',
    footer,
    await peopleNames(ctx),
  );
  return privately({ type: 'ticket-list', list: keepingList(list, { verb: VERBS.mine, values: {} }) });
};

/** `mine`. */
export const mineCommand: CommandDeclaration = {
  name: 'mine',
  usage: 'mine',
  description: 'My open tickets, then recently resolved ones',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: ['personal'],
  args: { kind: 'none' },
  verb: VERBS.mine,
  handles: { [VERBS.mine]: mine },
};
