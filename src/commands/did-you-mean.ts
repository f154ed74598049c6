/**
 * A mistyped command is offered back corrected: `stauts 34 waiting` answers "Did you mean
 * `status 34 waiting`?" with a button that runs it (and, in a personal chat, the new-ticket offer
 * second). Only when the first word is one edit away from a command this person may use, has at
 * least four letters, and the rest parses as that command's arguments: sentences stay free text.
 */
import { VERBS, type Verb } from '../core';
import type { ActionView, View } from '../views/types';
import { keptIfLong } from './drafts';
import { ticketFromText } from './free-text';
import { parseCommand } from './parse';
import { tr } from './respond';
import { suggestionEffect } from './suggestion-effect';
import type { CommandRegistry } from './command-registry';
import type { CommandContext, Reply } from './types';
import { oneEditApart } from '../core/spelling';

/** What one button's data may take before it is kept as a draft (two of them share one card). */
const BUTTON_ROOM = 4000;

/** The corrected command text, when the typed one is a near miss of a command this person may use. */
export function correction(text: string, isAgent: boolean, commands: CommandRegistry): string | undefined {
  const m = /^(\S+)(\s[\s\S]*)?$/.exec(text.trim());
  const word = m?.[1].toLowerCase() ?? '';
  if (!/^\p{L}{4,}$/u.test(word) || commands.named(word)) return undefined;
  for (const c of commands.declarations) {
    if (c.who === 'agents' && !isAgent) continue;
    const near = [c.name, ...(c.aliases ?? [])].find((name) => oneEditApart(word, name));
    if (!near) continue;
    const fixed = `${near}${m?.[2] ?? ''}`;
    if (parseCommand(fixed, { isAgent, commands }).ok) return fixed;
  }
  return undefined;
}

/** "Did you mean …?" with a button that runs it, or undefined when the text is no near miss. */
export async function didYouMean(ctx: CommandContext, commands: CommandRegistry, text: string): Promise<Reply | undefined> {
  // The agents list is asked only for a word that is a near miss of an agents' command.
  let fixed = correction(text, false, commands);
  if (!fixed) {
    const forAgents = correction(text, true, commands);
    // An agents list the service cannot read (it logged why) offers no agents' command back.
    if (forAgents && (await ctx.helpdesk.isAgent(ctx.actor.email).catch(() => false))) fixed = forAgents;
  }
  if (!fixed) return undefined;
  const parsed = parseCommand(fixed, { isAgent: true, commands, locale: ctx.locale });
  if (!parsed.ok) return undefined;
  const t = tr(ctx);
  const actions: ActionView[] = [{ verb: parsed.input.verb as Verb, title: t('commands:didYouMean.run', { command: fixed }), style: 'positive', ticketId: parsed.input.ticketId, data: parsed.input.values }];
  if (ctx.conversation.kind === 'personal') {
    actions.push({ verb: VERBS.newForm, title: t('commands:commentOffer.asTicket'), data: await keptIfLong(ctx, ticketFromText(text), BUTTON_ROOM) });
  }
  // A suggestion that changes a ticket says which ticket, how it stands, and what the run does to it.
  const effect = await suggestionEffect(ctx, parsed.input, commands.named(fixed.split(/\s/)[0])?.writes ?? false);
  const question = t('commands:didYouMean.question', { command: fixed });
  const view: View = { type: 'confirmation', confirmation: { message: effect ? `${question} ${effect.text}` : question, tone: effect?.reopens ? 'warning' : 'info', actions } };
  return { view, visibility: 'private' };
}
