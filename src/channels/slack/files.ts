/** After a click or a form saved a ticket or comment: the files that person's message left waiting go with it. */
import type { Reply } from '../../commands/types';
import { renderMessage } from './blocks/message';
import type { SlackDeps } from './command-context';
import { postPrivate } from './reply-delivery';

/** Attaches the files held for `userId` to the ticket `reply` saved, and tells them what was not kept. */
export async function attachHeldFiles(deps: SlackDeps, userId: string, channelId: string | undefined, reply: Reply, locale: string | undefined): Promise<void> {
  const lines = await deps.files.afterClick(reply, `slack:${userId}`);
  if (lines.length > 0) await postPrivate(deps, { channelId, userId }, renderMessage({ type: 'text', text: lines.join('\n') }, locale));
}
