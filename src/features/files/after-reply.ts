/**
 * The channels' one call: after a chat message's command ran, its files go with the ticket the
 * reply saved to (a ticket filed, a comment added). A message whose command saved nothing keeps
 * no files and says so; a failure of the files never fails the message's own answer.
 */
import { translator } from '../../i18n';
import type { Logger } from '../../log';
import type { AttachRequest, AttachResult } from './attach';

/** What the reply said happened (the command layer's Reply, in part; any reply a channel holds fits). */
export interface ReplyFacts { ticketId?: number; outcome?: string; view?: unknown }

/** The message the files came with. */
export type MessageFiles = Omit<AttachRequest, 'ticketId'>;

/** The lines to tell the sender about their files (none when all were kept, or there were none). */
export async function filesAfterReply(
  attach: (request: AttachRequest) => Promise<AttachResult>,
  logger: Logger,
  reply: ReplyFacts,
  message: MessageFiles,
): Promise<string[]> {
  if (message.files.length === 0) return [];
  const t = translator(message.locale);
  const names = message.files.map((f) => f.name).join(', ');
  if (reply.outcome !== 'saved' || reply.ticketId === undefined) return [t('files:noTicket', { names })];
  try {
    return (await attach({ ...message, ticketId: reply.ticketId })).lines;
  } catch (e) {
    // The ticket or comment stands; the ledger lets a resend of the same files finish the job once.
    logger.error('files could not be put on the ticket', { ticketId: reply.ticketId, messageKey: message.messageKey, error: e });
    return [t('files:failed', { names, id: reply.ticketId })];
  }
}

/** Where files go when the bot was started without the files feature (a channel built alone, in tests): nowhere, and it says so. */
export const FILES_OFF = {
  async afterReply(_reply: ReplyFacts, message: MessageFiles): Promise<string[]> {
    return message.files.length === 0 ? [] : [translator(message.locale)('files:off', { names: message.files.map((f) => f.name).join(', ') })];
  },
};
