/**
 * A click on Show or Claim in a list card (Teams side of commands/list-row.ts): the invoke answer
 * is the list again with that row's new state, so the card stays a list; Show's ticket card and a
 * take-over question come as their own message (to the 1:1 chat when the list is in a shared one).
 */
import type { AdaptiveCardInvokeResponse, TurnContext } from 'botbuilder';
import type { RowAnswer } from '../../commands/list-row';
import type { Actor } from '../../helpdesk/types';
import { sendFitting, sendPrivately } from './answer';
import { ADAPTIVE_CARD, cardFor } from './activities';
import { audienceOf, type TeamsDeps } from './turn';

/** The invoke answer for a row click whose action succeeded (the caller handles the action's errors). */
export async function answerRow(deps: TeamsDeps, context: TurnContext, actor: Actor, row: RowAnswer): Promise<AdaptiveCardInvokeResponse> {
  const audience = audienceOf(context);
  let unreachable = false;
  if (row.separate) {
    if (audience.shared) unreachable = !(await sendPrivately(deps, context, row.separate, actor));
    else await sendFitting(context, row.separate, audience);
  }
  if (!row.list || row.list.view.type !== 'ticket-list') {
    const text = unreachable ? row.privateUnreachable : row.answeredBelow;
    return { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text as unknown as Record<string, unknown> };
  }
  const list = row.list.view;
  if (unreachable) list.list.footer = [list.list.footer, row.privateUnreachable].filter(Boolean).join('\n');
  return { statusCode: 200, type: ADAPTIVE_CARD, value: cardFor(list, { ...audience, shared: false }) };
}
