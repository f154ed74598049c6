/** `search <words>`: tickets by id, words, people, category or status, most relevant first. Private. */
import { VERBS } from '../core';
import { keepingList, ticketListView } from '../views/list-view';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import { errorReply, privately } from './respond';
import type { Handler } from './types';

const LIMIT = 10;

/** Searches the index through the service, which narrows a requester's search to their own tickets. */
const search: Handler = async (ctx, input) => {
  const text = (input.values?.query ?? input.text ?? '').trim();
  if (!text) return errorReply('What should I look for? Add some words, a ticket number or a name.', searchCommand.usage);
  const [found, isAgent] = await Promise.all([
    ctx.helpdesk.searchTickets(ctx.actor, { text, limit: LIMIT + 1 }),
    ctx.helpdesk.isAgent(ctx.actor.email),
  ]);
  const footer = found.length > LIMIT ? `Showing the ${LIMIT} best matches; add words to narrow it down.` : undefined;
  const empty = isAgent
    ? `No ticket matches “${text}”.`
    : `None of your tickets matches “${text}”. Type \`mine\` to see them all.`;
  const list = ticketListView(`Tickets matching “${text}”`, found.slice(0, LIMIT), { email: ctx.actor.email, isAgent }, empty, footer);
  return privately({ type: 'ticket-list', list: keepingList(list, { verb: VERBS.search, values: { query: text } }) });
};

/** `search <words>`. */
export const searchCommand: CommandDeclaration = {
  name: 'search',
  aliases: ['find'],
  usage: 'search <words>',
  description: 'Find tickets by number, words, person, category or status',
  who: 'everyone',
  scopes: EVERYWHERE,
  // Every Teams menu already lists ten commands; the search message extension is Teams' way in.
  menus: [],
  args: { kind: 'text', key: 'query', required: 'What should I look for? Add some words, a ticket number or a name.' },
  verb: VERBS.search,
  handles: { [VERBS.search]: search },
};
