/**
 * A click on Show or Claim in a list message (Slack side of commands/list-row.ts): the list
 * message is updated in place (chat.update, or the response_url for an ephemeral list) with the
 * row's new state; Show's ticket card and a take-over question come as their own message, seen by
 * the same people as the list (the DM, or only this person in a channel).
 */
import type { BlockAction, RespondFn } from '@slack/bolt';
import type { RowAnswer } from '../../commands/list-row';
import { renderMessage } from './blocks/message';
import { SHARED_BLOCK } from './blocks/screen';
import type { SlackDeps } from './command-context';
import { isDirect, postPrivate } from './reply-delivery';

/** Answers a row click whose action succeeded. */
export async function answerRow(deps: SlackDeps, body: BlockAction, row: RowAnswer, respond: RespondFn): Promise<void> {
  const channelId = body.channel?.id ?? body.container?.channel_id;
  const ts = body.container?.message_ts ?? body.message?.ts;
  const ephemeral = Boolean(body.container?.is_ephemeral);
  // A shared screen (a change storm's summary) is the channel's: its rows' list goes to the clicker alone (blocks/screen.ts).
  // 'storm-' marks the summaries posted before summaries were screens.
  const summary = (body.message?.blocks as { block_id?: string }[] | undefined)?.some((b) => b.block_id?.startsWith(SHARED_BLOCK) || b.block_id?.startsWith('storm-')) && !ephemeral;
  if (row.list && summary) {
    await postPrivate(deps, { channelId, userId: body.user.id, respond: body.response_url ? respond : undefined }, renderMessage(row.list.view));
  } else if (row.list) {
    const msg = renderMessage(row.list.view);
    if (ephemeral || !channelId || !ts) await respond({ replace_original: true, ...msg });
    else await deps.client.chat.update({ channel: channelId, ts, ...msg });
  }
  if (!row.separate) return;
  const msg = renderMessage(row.separate.view);
  if (channelId && isDirect(channelId) && !ephemeral) await deps.client.chat.postMessage({ channel: channelId, ...msg });
  else await postPrivate(deps, { channelId, userId: body.user.id, respond: body.response_url ? respond : undefined }, msg);
}
