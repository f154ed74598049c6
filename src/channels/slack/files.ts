/**
 * The Slack half of file intake: the files a message carries, read from Slack's own payload, and
 * after a click or a form saved a ticket or comment, the files that person's message left waiting.
 * The only file of the Slack channel that knows the files feature (its reading of Slack's files).
 */
import type { Reply } from '../../commands/types';
import type { FileRef } from '../../core';
import { slackFileRefs, type SlackFile } from '../../features/files';
import { renderMessage } from './blocks/message';
import type { SlackDeps } from './command-context';
import { postPrivate } from './reply-delivery';

/** The files of a Slack message (`event.files`, a fetched message's or a shortcut's `files`); none when it has none. */
export function filesOf(files: unknown): FileRef[] {
  return slackFileRefs(Array.isArray(files) ? (files as SlackFile[]) : []);
}

/** Attaches the files held for `userId` to the ticket `reply` saved, and tells them what was not kept. */
export async function attachHeldFiles(deps: SlackDeps, userId: string, channelId: string | undefined, reply: Reply, locale: string | undefined): Promise<void> {
  const lines = await deps.files.afterClick(reply, `slack:${userId}`);
  if (lines.length > 0) await postPrivate(deps, { channelId, userId }, renderMessage({ type: 'text', text: lines.join('\n') }, locale));
}
