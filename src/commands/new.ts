/** `new [title]`: opens the new-ticket form with the title prefilled. Private. */
import { LIMITS } from '../helpdesk/types';
import { newTicketForm } from '../views/forms';
import type { FormFieldError } from '../views/types';
import { formReply, tooLong } from './respond';
import { VERBS } from '../core';
import { EVERYWHERE, type CommandDeclaration } from './declaration';
import type { CommandContext, Handler, Reply } from './types';
import { create } from './create';
import { extensionsOf } from './extensions';

/**
 * The value a channel sets when the new-ticket form is asked for from another message (the Teams
 * message action, the Slack message shortcut): its words are offered answers like typed ones,
 * though they carry the message's link. Any other form that holds a link (shown again after a
 * failed submit, "Finish in the form") was offered already, or had nothing to offer.
 */
export const FROM_MESSAGE = 'fromMessage';

/** Opens the new-ticket form; a too-long title is kept in the form with the limit explained. */
const newForm: Handler = async (ctx, input) => {
  const values: Record<string, string> = {};
  for (const key of ['title', 'description', 'priority', 'category'] as const) {
    const v = input.values?.[key];
    if (v) values[key] = v;
  }
  const errors: FormFieldError[] = [];
  if (values.title && values.title.length > LIMITS.title) {
    errors.push({ field: 'title', message: tooLong(ctx, 'title', LIMITS.title, values.title.length) });
  }
  // The desk's answers first, when the words find some (src/features/answers); else the form at once.
  // A message action or shortcut (FROM_MESSAGE) is offered them too: the message's link only rides along.
  const draft = { ...values, ...(input.values?.offered ? { offered: '1' } : {}), ...(input.values?.sourceLink ? { sourceLink: input.values.sourceLink } : {}) };
  const offer = errors.length ? undefined : await extensionsOf(ctx).beforeNewTicket(ctx, draft, { fromMessage: input.values?.[FROM_MESSAGE] === '1' });
  return offer ?? formReply(newTicketForm(ctx.helpdesk.vocabulary, values, errors, input.values?.sourceLink, ctx.locale));
};

/** `new [title]`. */
export const newCommand: CommandDeclaration = {
  name: 'new',
  usage: 'new [title]',
  description: 'commands:describe.new',
  who: 'everyone',
  scopes: EVERYWHERE,
  menus: EVERYWHERE,
  args: { kind: 'text', key: 'title' },
  verb: VERBS.newForm,
  handles: { [VERBS.newForm]: newForm, [VERBS.create]: create },
  once: [VERBS.create, VERBS.newForm],
  form: { name: 'new-ticket', opens: VERBS.newForm, template: 'new-ticket-form' },
  answers: 'ticket',
  examples: [
    { name: 'new form', typed: 'new matrix new', values: { title: 'matrix new' } },
    { name: 'create', verb: VERBS.create, values: { title: 'matrix filed {tag}', description: 'filed by the matrix' }, access: 'email' },
  ],
  helpGroup: 'tickets',
};

/** The desk's answers for a message's words before a ticket is filed from it (the 🎫 reaction), privately; undefined: file as always. */
export const answersBeforeFiling = (ctx: CommandContext, values: Record<string, string>): Promise<Reply | undefined> => extensionsOf(ctx).beforeNewTicket(ctx, values, { fromMessage: true });
