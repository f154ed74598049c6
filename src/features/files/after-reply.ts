/**
 * The channels' calls. After a chat message's command ran, its files go with the ticket the reply
 * saved to (a ticket filed, a comment added). When the reply only offers to file or comment (the
 * form, "Add as comment on #N"), the files are held for that person for an hour and go with the
 * ticket their click saves (afterClick). A failure of the files never fails the message's answer.
 */
import { translator } from '../../i18n';
import type { Logger } from '../../log';
import type { MemoStore } from '../../store';
import type { AttachRequest, AttachResult } from './attach';
import type { Connector } from './download';
import type { FileIntake, FileReplyFacts as ReplyFacts, MessageFiles } from '../../core';
import type { FileRef } from './types';

/** What the reply said happened, and the message the files came with: the channels' terms (src/core/file-intake.ts). */
export type { FileReplyFacts as ReplyFacts, MessageFiles } from '../../core';

/** Files waiting for the click that files the ticket or adds the comment. */
interface Held { actor: AttachRequest['actor']; locale?: string; messageKey: string; files: FileRef[] }

const HOLD_MS = 3600_000;
const holdKey = (holder: string) => `files:held:${holder}`;
const saved = (reply: ReplyFacts): reply is ReplyFacts & { ticketId: number } => reply.outcome === 'saved' && reply.ticketId !== undefined;
/** A reply that offers to file or comment (a form, a choice), so a click may still save the message. */
const offers = (reply: ReplyFacts) => ['form', 'confirmation'].includes((reply.view as { type?: string } | undefined)?.type ?? '');

/** The after-reply and after-click steps over the attach function. */
export function createAfterReply(attach: (request: AttachRequest) => Promise<AttachResult>, memos: MemoStore, logger: Logger): FileIntake {
  async function attachTo(ticketId: number, request: Omit<AttachRequest, 'ticketId'>): Promise<string[]> {
    try {
      return (await attach({ ...request, ticketId })).lines;
    } catch (e) {
      // The ticket or comment stands; the ledger lets a resend of the same message finish the job once.
      logger.error('files could not be put on the ticket', { ticketId, messageKey: request.messageKey, error: e });
      return [translator(request.locale)('files:failed', { names: request.files.map((f) => f.name).join(', '), id: ticketId })];
    }
  }

  return {
    /** The lines to tell the sender about the files their message carried (none when all were kept, or there were none). */
    async afterReply(reply: ReplyFacts, message: MessageFiles): Promise<string[]> {
      if (message.files.length === 0) return [];
      const { holder, ...request } = message;
      const names = message.files.map((f) => f.name).join(', ');
      const t = translator(message.locale);
      if (saved(reply)) return attachTo(reply.ticketId, request);
      if (!offers(reply)) return [t('files:noTicket', { names })];
      const held: Held = { actor: message.actor, locale: message.locale, messageKey: message.messageKey, files: [...message.files] };
      try {
        await memos.putMemo(holdKey(holder), held, HOLD_MS);
      } catch (e) {
        // The store could not keep them: the files are not kept, and the sender is told so.
        logger.error('files could not be held for the click that files the ticket', { holder, messageKey: message.messageKey, error: e });
        return [t('files:noTicket', { names })];
      }
      return [t('files:held', { names })];
    },
    /** After a click of `holder` saved a ticket or comment: the files held for them go with it; the lines to tell. */
    async afterClick(reply: ReplyFacts, holder: string, connector?: Connector): Promise<string[]> {
      if (!saved(reply)) return [];
      let held: Held | null | undefined;
      try {
        held = await memos.getMemo<Held | null>(holdKey(holder));
        // Taken once: a second click (or another replica) finds nothing held; the ledger keeps the upload exactly-once.
        if (held) await memos.putMemo(holdKey(holder), null, 1);
      } catch (e) {
        // The click's own answer stands; held files, if any, wait for the next click within the hour.
        logger.error('files held for this person could not be read', { holder, ticketId: reply.ticketId, error: e });
        return [];
      }
      return held ? attachTo(reply.ticketId, { ...held, connector }) : [];
    },
  };
}
