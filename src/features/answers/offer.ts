/**
 * Answers before a ticket: when someone starts one (`new <words>`, words in a personal chat, a
 * message action or shortcut, a 🎫 reaction), the answers their words find are offered first,
 * each with "This solved it", and "File the ticket" opens the new-ticket form with everything they
 * typed (or the message's words and its link). Nothing found, no words, or the store not
 * answering: the form comes as it always did. "This solved it" counts one question answered
 * without a ticket, once per offer however often it is clicked.
 */
import { randomUUID } from 'node:crypto';
import { keptIfLong } from '../../commands/drafts';
import { confirm, errorReply, privately, tr } from '../../commands/respond';
import type { CommandContext, Reply } from '../../commands/types';
import type { AnswerPorts } from '../../core/answers';
import type { FeatureHandler } from '../types';
import { answerPortsOver, type AnswerServices } from './answer-services';
import { VERBS } from '../../core';
import { log } from '../../log';
import { offerView } from './views';

/** What one button's data may take before it is kept as a draft (the offer's buttons share one message). */
const BUTTON_ROOM = 1500;

/** The value a "File the ticket" click carries, so the form it opens does not offer again. */
export const OFFERED = 'offered';

/**
 * The offer for a new ticket's words, or undefined when the form (or the filing) should come at
 * once. `fromMessage`: the words are another message's (a message action or shortcut, the 🎫
 * reaction), so a link to that message does not stop it.
 */
export async function answerOffer(ports: AnswerPorts, ctx: CommandContext, draft: Record<string, string>, options: { fromMessage?: boolean } = {}): Promise<Reply | undefined> {
  const question = [draft.title, draft.description].filter(Boolean).join('\n').trim();
  // A form holding a message's link and not asked for from that message is one shown again: no second offer.
  if (!question || draft[OFFERED] || (draft.sourceLink && !options.fromMessage)) return undefined;
  let found;
  try {
    found = await ports.match(question);
  } catch (error) {
    // The store not answering must not stand between a person and their ticket: the form comes as today.
    (ctx.logger ?? log).warn('answers could not be looked up; the new-ticket form comes without them', { error });
    return undefined;
  }
  if (!found.length) return undefined;
  const kept = await keptIfLong(ctx, { ...draft, [OFFERED]: '1' }, BUTTON_ROOM);
  const view = offerView(found.map((m) => m.answer), { name: ctx.actor.name, email: ctx.actor.email }, { id: randomUUID(), fileVerb: VERBS.newForm, draft: kept }, ctx.locale);
  return privately({ type: 'confirmation', confirmation: view });
}

/** "This solved it": no ticket; thanks, and one question counted (once per offer). */
export const solved: FeatureHandler<AnswerServices> = async (ctx, input, _commands, services) => {
  const t = tr(ctx);
  const ports = answerPortsOver(services.db);
  const v = input.values ?? {};
  if (!ctx.actor.email.trim()) return errorReply(t('answers:noAddress'));
  if (!v.offer || !v.answer) {
    // The person is thanked all the same; only the count misses this one, and the log says so.
    (ctx.logger ?? log).warn('a question answered without a ticket could not be counted', { reason: 'button without its offer', answer: v.answer });
    return confirm(t('answers:solvedThanks'));
  }
  const counted = await ports.countAnswered(v.offer, v.answer, v.language === 'de' ? 'de' : 'en', new Date().toISOString());
  return confirm(t(counted ? 'answers:solvedThanks' : 'answers:solvedAgain'));
};
