/**
 * The saved-reply picker's typeahead: the reply and resolve cards' Input.ChoiceSet (style
 * filtered, a Data.Query of dataset `savedReplies`) asks through an `application/search` invoke
 * as the agent types; Teams shows at most 15 choices.
 */
import type { SearchInvokeResponse, SearchInvokeValue, TurnContext } from 'botbuilder';
import { extensionsOf } from '../../commands/extensions';
import type { Actor } from '../../helpdesk/types';
import { commandContext, type TeamsDeps } from './turn';

/** The dataset the card templates name (cards/comment-form.json, cards/resolve-form.json). */
export const SAVED_REPLIES_DATASET = 'savedReplies';

/** Teams' typeahead shows at most this many choices. */
export const TEAMS_TYPEAHEAD_MAX = 15;

function results(list: { title: string; value: string }[]): SearchInvokeResponse {
  return { statusCode: 200, type: 'application/vnd.microsoft.search.searchResponse', value: { results: list } };
}

/** Answers one search: the agent's matching saved replies; nothing for another dataset or someone who is not an agent. */
export async function onSavedReplySearch(deps: TeamsDeps, context: TurnContext, actor: Actor | undefined, value: SearchInvokeValue): Promise<SearchInvokeResponse> {
  if (value.dataset !== SAVED_REPLIES_DATASET || !actor) return results([]);
  const asked = Number(value.queryOptions?.top);
  const top = Number.isInteger(asked) && asked > 0 ? Math.min(asked, TEAMS_TYPEAHEAD_MAX) : TEAMS_TYPEAHEAD_MAX;
  try {
    const ctx = commandContext(deps, context, actor);
    const choices = await extensionsOf(ctx).pickerChoices(ctx, String(value.queryText ?? ''), top);
    return results(choices.map((c) => ({ title: c.title, value: c.value })));
  } catch (err) {
    deps.logger.warn('saved reply search failed', { activityId: context.activity.id, error: err });
    return results([]);
  }
}
