/**
 * A ticket started from a message (a 🎫 reaction) that the message alone cannot complete (the
 * site requires a column the message does not say): instead of only refusing, the person is
 * offered, privately, the new-ticket form with everything the message gave, to finish it there.
 */
import { VERBS } from '../core';
import type { FormView } from '../views/types';
import { keptIfLong } from './drafts';
import { tr } from './respond';
import type { CommandContext, Reply } from './types';

/** A Slack button value holds 2,000 characters; a longer prefill rides as a kept draft. */
const BUTTON_ROOM = 1900;

/** The private offer to finish a refused new ticket in its form, what was refused said first. */
export async function finishInForm(ctx: CommandContext, form: FormView): Promise<Reply> {
  const t = tr(ctx);
  const reason = form.errors.map((e) => e.message).join(' ');
  // Every value the form holds (the message's text, its link, anything chosen) goes back into it.
  const held = Object.fromEntries(Object.entries({ ...form.values, ...(form.sourceLink ? { sourceLink: form.sourceLink } : {}) }).filter(([, v]) => typeof v === 'string' && v !== ''));
  const data = await keptIfLong(ctx, held, BUTTON_ROOM);
  return {
    view: {
      type: 'confirmation',
      confirmation: {
        message: t('commands:fromMessage.finish', { reason }),
        tone: 'warning',
        actions: [{ verb: VERBS.newForm, title: t('commands:fromMessage.finishButton'), style: 'positive', data }],
      },
    },
    visibility: 'private',
  };
}
