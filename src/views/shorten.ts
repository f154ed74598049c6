/**
 * A ticket card too big for its platform, shortened: long description and comments end with
 * "… (n more characters: press “Full text”)" in the reader's language, and a Full text button
 * asks for the whole text as plain messages.
 */
import { VERBS } from '../core/verbs';
import { translator, type Translate } from '../i18n';
import type { TicketView } from './types';

/** The value the "Full text" button sends so the answer is the whole text, split over messages. */
export const FULL_TEXT = 'full';

function shorten(t: Translate, button: string, text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, Math.max(0, max)).trimEnd();
  return `${cut}${t('views:fit.more', { count: text.length - cut.length, button })}`;
}

/** The ticket with its description cut to `max` characters and each comment to half that, plus a Full text button. */
export function shortenedTicket(view: TicketView, max: number): TicketView {
  const t = translator(view.locale);
  const button = view.labels.fullText;
  const actions = view.actions.some((a) => a.data?.[FULL_TEXT])
    ? view.actions
    : [...view.actions, { verb: VERBS.show, title: button, ticketId: view.id, data: { [FULL_TEXT]: 'true' } }];
  return {
    ...view,
    description: shorten(t, button, view.description, max),
    comments: view.comments.map((c) => ({ ...c, body: shorten(t, button, c.body, Math.floor(max / 2)) })),
    actions,
  };
}
