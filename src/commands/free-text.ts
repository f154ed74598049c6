/**
 * Say it in your own words: in a personal chat or DM, text that is not a command is not an error.
 * A greeting gets a short friendly answer; a reply to a notification DM is offered as a comment on
 * its ticket (comment-offer.ts); the desk's answers come before anything else; the rest is offered
 * as a new ticket, the form filled with what was typed (one click to file). Commands keep working
 * exactly as typed.
 */
import { LIMITS } from '../helpdesk/types';
import { newTicketForm } from '../views/forms';
import { commentOffer } from './comment-offer';
import { extensionsOf } from './extensions';
import { formReply, tr } from './respond';
import type { CommandContext, Reply } from './types';

// German greetings too: the reader's language does not decide what they may type.
const GREETING = /^(hi|hello|hey|hiya|howdy|hallo|yo|good (morning|afternoon|evening)|thanks|thank you|cheers|moin|servus|guten (morgen|tag|abend)|danke( sch(ö|oe)n)?|vielen dank)(?=[\s,!.:)]|$)[\s,!.]*(there|all|team|bot|help ?desk|everyone)?[\s,!.:)]*$/i;

/** The longest title made from the first line; longer first lines are cut at a word and the whole text kept in the description. */
const TITLE_MAX = 80;

/** True for a greeting or thanks on its own ("hi", "Good morning!", "thanks"). */
export function isGreeting(text: string): boolean {
  return GREETING.test(text.trim());
}

/** Title and description for a ticket made from free text: nothing typed is dropped. */
export function ticketFromText(text: string): { title: string; description: string } {
  const trimmed = text.trim();
  const first = trimmed.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  let title = first;
  if (title.length > TITLE_MAX) {
    const cut = title.slice(0, TITLE_MAX - 1);
    const space = cut.lastIndexOf(' ');
    title = `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
  }
  const description = title === trimmed ? '' : trimmed.slice(0, LIMITS.description);
  return { title, description };
}

/** The answer to free text in a personal chat: a greeting, a comment on the ticket it replies to, the answers its words find, or a new ticket. */
export async function freeTextReply(ctx: CommandContext, text: string): Promise<Reply> {
  if (isGreeting(text)) {
    const t = tr(ctx);
    const name = ctx.actor.name.split(' ')[0] || t('commands:freeText.there');
    const thanks = /^(thanks|thank you|cheers|danke|vielen dank)/i.test(text.trim());
    const message = t(thanks ? 'commands:freeText.welcome' : 'commands:freeText.hello', { name });
    return { view: { type: 'text', text: message }, visibility: 'private' };
  }
  const draft = ticketFromText(text);
  // A threaded or quoted reply to a notification is about its ticket; any other words get the desk's answers first.
  const replied = ctx.replyTo !== undefined;
  return (
    (replied ? await commentOffer(ctx, text, draft) : undefined) ??
    (await extensionsOf(ctx).beforeNewTicket(ctx, draft, {})) ??
    (replied ? undefined : await commentOffer(ctx, text, draft)) ??
    formReply(newTicketForm(ctx.helpdesk.vocabulary, draft, [], undefined, ctx.locale))
  );
}
