/**
 * Nothing typed is cut to fit a button: a Slack button value carries 2,000 characters, so when the
 * text a button must carry (a DM's words offered as a ticket or as a comment) is longer, it is kept
 * in the Store as a draft and the button carries the draft's id; the command layer reads it back
 * on the click (commands/drafts.ts).
 */
import { DRAFT_KEY } from '../../commands/drafts';
import type { Reply } from '../../commands/types';
import type { ActionView } from '../../views/types';
import type { SlackDeps } from './command-context';

/** What a button's data may take before it is kept as a draft (the rest of the value is ticket id, etag, JSON). */
const BUTTON_ROOM = 1700;

const fits = (data: Record<string, string>) => JSON.stringify(data).length <= BUTTON_ROOM;

/** `data` as a button can carry it: itself when it fits, else a kept draft's id (itself, cut, when nothing can keep it). */
async function carried(deps: SlackDeps, data: Record<string, string>): Promise<Record<string, string>> {
  if (fits(data) || !deps.notifications) return data;
  try {
    return { [DRAFT_KEY]: await deps.notifications.keepDraft(data) };
  } catch (err) {
    deps.logger.warn('could not keep a long draft; its button carries a shortened copy', { error: err });
    return data;
  }
}

/** The reply with every button's long text kept as a draft (new-ticket offers, comment offers). */
export async function keepLongDrafts(deps: SlackDeps, reply: Reply): Promise<Reply> {
  const v = reply.view;
  if (v.type === 'form' && v.form.form === 'new-ticket') {
    const prefill = Object.fromEntries(['title', 'description'].filter((k) => v.form.values[k]).map((k) => [k, v.form.values[k]]));
    const data = await carried(deps, prefill);
    if (data === prefill) return reply;
    return { ...reply, view: { type: 'form', form: { ...v.form, values: { ...v.form.values, ...data } } } };
  }
  if (v.type === 'form' && v.form.carried) {
    const prefill = Object.fromEntries(v.form.carried.filter((k) => v.form.values[k]).map((k) => [k, v.form.values[k]]));
    const data = await carried(deps, prefill);
    if (data === prefill) return reply;
    return { ...reply, view: { type: 'form', form: { ...v.form, values: { ...v.form.values, ...data } } } };
  }
  if (v.type === 'confirmation' && v.confirmation.actions.some((a) => a.data && !fits(a.data))) {
    const actions: ActionView[] = [];
    for (const a of v.confirmation.actions) actions.push(a.data ? { ...a, data: await carried(deps, a.data) } : a);
    return { ...reply, view: { type: 'confirmation', confirmation: { ...v.confirmation, actions } } };
  }
  return reply;
}
