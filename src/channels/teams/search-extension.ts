/**
 * The search message extension and link unfurling: composeExtension/query shows matching tickets
 * as previews, each inserting the shared ticket card; composeExtension/queryLink turns a pasted
 * ticket link into a compact card. Who may see what is the service's decision (src/commands/share).
 */
import {
  CardFactory,
  type AppBasedLinkQuery,
  type MessagingExtensionAttachment,
  type MessagingExtensionQuery,
  type MessagingExtensionResponse,
  type TurnContext,
} from 'botbuilder';
import { shareableTickets, SHARE_LIMIT, unfurlView } from '../../commands/share';
import type { Actor } from '../../helpdesk/types';
import { teamsTexts } from '../../views/channel-texts';
import { noEmailMessage } from './identity';
import { cardFor } from './activities';
import { commandContext, localeOf, type TeamsDeps } from './turn';

/** The search command id in the app manifest. */
export const SEARCH_TICKETS = 'searchTickets';

const result = (attachments: MessagingExtensionAttachment[]): MessagingExtensionResponse => ({
  composeExtension: { type: 'result', attachmentLayout: 'list', attachments },
});
const message = (text: string): MessagingExtensionResponse => ({ composeExtension: { type: 'message', text } });

/** What was typed: the `query` parameter; the initial run (box just opened) has none. */
function typedText(query: MessagingExtensionQuery): string {
  const p = query.parameters?.find((x) => x.name === 'query');
  return typeof p?.value === 'string' ? p.value.trim() : '';
}

/** composeExtension/query: previews of matching tickets; picking one inserts its shared card. */
export async function onSearchQuery(deps: TeamsDeps, context: TurnContext, actor: Actor | undefined, query: MessagingExtensionQuery): Promise<MessagingExtensionResponse> {
  const texts = teamsTexts(localeOf(context));
  if (query.commandId !== SEARCH_TICKETS) return message(texts.noSearch(query.commandId ?? ''));
  if (!actor) return message(noEmailMessage(localeOf(context)));
  const count = Math.min(Math.max(1, query.queryOptions?.count ?? SHARE_LIMIT), SHARE_LIMIT);
  try {
    const found = await shareableTickets(commandContext(deps, context, actor), typedText(query), count);
    return result(found.map(({ summary, card }) => ({
      ...CardFactory.adaptiveCard(cardFor({ type: 'ticket', ticket: card }, { shared: true, userIds: [], locale: localeOf(context) })),
      preview: CardFactory.thumbnailCard(`#${summary.id} ${summary.title}`, [summary.statusLabel, summary.priorityLabel, summary.requesterName].filter(Boolean).join(' · ')),
    })));
  } catch (err) {
    deps.logger.warn('ticket search failed', { conversationId: context.activity.conversation?.id, error: err });
    return message(texts.searchDown());
  }
}

/** composeExtension/queryLink: a compact card for a ticket the person may see; nothing otherwise. */
export async function onQueryLink(deps: TeamsDeps, context: TurnContext, actor: Actor | undefined, query: AppBasedLinkQuery): Promise<MessagingExtensionResponse> {
  if (!actor || typeof query.url !== 'string') return result([]);
  try {
    const list = await unfurlView(commandContext(deps, context, actor), query.url);
    if (!list) return result([]);
    const [t] = list.tickets;
    return result([{
      ...CardFactory.adaptiveCard(cardFor({ type: 'ticket-list', list }, { shared: true, userIds: [], locale: localeOf(context) })),
      preview: CardFactory.thumbnailCard(`#${t.id} ${t.title}`, [t.statusLabel, t.priorityLabel].join(' · ')),
    }]);
  } catch (err) {
    // A link that cannot be looked up right now just stays a link.
    deps.logger.warn('ticket link unfurl failed', { conversationId: context.activity.conversation?.id, error: err });
    return result([]);
  }
}
