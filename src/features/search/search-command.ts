/** `search <words>`: tickets by id, words, people, category or status, most relevant first. Private. */
import { ticketIdIn, VERBS } from '../../core';
import type { Ticket } from '../../helpdesk/types';
import { keepingList, ticketListView } from '../../views/list-view';
import { EVERYWHERE, type CommandDeclaration } from '../../commands/declaration';
import { peopleNames } from '../../commands/people';
import { errorReply, privately, tr } from '../../commands/respond';
import type { Handler } from '../../commands/types';
import { ALL_SPACES, listScope, scopedList } from '../../commands/space-scope';

const LIMIT = 10;

/** Lower case without accents, as the index reads words. */
const plain = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Whether a found ticket holds every typed word (a word may start a longer one, as in the index; a number may be its id). */
function holdsEvery(ticket: Ticket, text: string): boolean {
  const words = plain(text).split(/\s+/).filter(Boolean);
  if (words.length < 2) return true;
  const terms = plain([ticket.title, ticket.description, ticket.category, ticket.status, ticket.priority, ticket.submittedByName, ticket.submittedByEmail, ticket.assignedTo].join(' ')).split(/[^\p{L}\p{N}]+/u);
  return words.every((w) => ticketIdIn(w) === ticket.id || terms.some((term) => term.startsWith(w.replace(/[^\p{L}\p{N}]+/gu, ''))));
}

/** Searches the index through the service, which narrows a requester's search to their own tickets. */
const search: Handler = async (ctx, input) => {
  const text = (input.values?.query ?? input.text ?? '').trim();
  const t = tr(ctx);
  if (!text) return errorReply(t('search:what'), searchCommand.usage);
  // A channel bound to a space searches that space's tickets, unless its button asked for every space.
  const scope = await listScope(ctx, input.values);
  const [found, isAgent] = await Promise.all([
    ctx.helpdesk.searchTickets(ctx.actor, { text, limit: LIMIT + 1, spaceId: scope.shown }),
    ctx.helpdesk.isAgent(ctx.actor.email),
  ]);
  const footer = found.length > LIMIT ? t('search:more', { limit: LIMIT }) : undefined;
  const empty = t(isAgent ? 'search:none' : 'search:noneOfYours', { text });
  // Several words and no ticket with all of them: the index then lists tickets with some, and the title says so first.
  const some = found.length > 0 && !found.some((ticket) => holdsEvery(ticket, text));
  const list = ticketListView(t(some ? 'search:titleSome' : 'search:title', { text }), found.slice(0, LIMIT), { email: ctx.actor.email, isAgent, locale: ctx.locale }, empty, footer, await peopleNames(ctx), ctx.helpdesk.vocabulary);
  scopedList(ctx, list, scope, VERBS.search, { query: text });
  return privately({ type: 'ticket-list', list: keepingList(list, { verb: VERBS.search, values: { query: text, ...(scope.bound && !scope.shown ? { spaces: ALL_SPACES } : {}) } }) });
};

/** `search <words>`. */
export const searchCommand: CommandDeclaration = {
  name: 'search',
  aliases: ['find'],
  usage: 'search <words>',
  description: 'search:describe',
  who: 'everyone',
  scopes: EVERYWHERE,
  // Every Teams menu already lists ten commands; the search message extension is Teams' way in.
  menus: [],
  args: { kind: 'text', key: 'query', required: 'search:what' },
  verb: VERBS.search,
  handles: { [VERBS.search]: search },
  answers: 'ticket-list',
  examples: [
    { name: 'search', typed: 'search matrix', values: { query: 'matrix' } },
    { name: 'find', typed: 'find printer', values: { query: 'printer' } },
  ],
  helpGroup: 'tickets',
};
