/**
 * Modals: opened at once with the trigger id (Slack gives it 3 seconds), filled in after the slow
 * work, and submitted back through the same command handlers as typed commands and buttons.
 */
import type { App } from '@slack/bolt';
import { dispatch } from '../../commands';
import type { CommandInput, Reply } from '../../commands/types';
import type { FormView, TicketView, View } from '../../views/types';
import { formErrors, formFields, formModal, FORM_CALLBACK_ID, loadingModal, readFormValues, readMetadata, viewModal, type FormMetadata } from './blocks/modal';
import { commandContext, conversationOf, type SlackDeps } from './context';
import { deliver, FAILURE_MESSAGE, messageFor } from './deliver';
import { NO_EMAIL_MESSAGE } from './identity';

/** A modal opened with a trigger id; `show` replaces its content once the real view is known. */
export interface OpenModal {
  viewId?: string;
  show(view: View, meta?: Partial<FormMetadata>, title?: string): Promise<void>;
}

/**
 * Opens a "working" modal right away so the trigger id is never too old when the work ends.
 * From inside a modal the new one is pushed on top (Slack refuses views.open there).
 */
export async function openModal(deps: SlackDeps, triggerId: string, title: string, fromModal = false): Promise<OpenModal> {
  const args = { trigger_id: triggerId, view: loadingModal(title) };
  const opened = fromModal ? await deps.client.views.push(args) : await deps.client.views.open(args);
  const viewId = opened.view?.id;
  return {
    viewId,
    async show(view, meta = {}, heading = title) {
      const body = view.type === 'form' ? formModal(view.form, meta) : viewModal(heading, view);
      await deps.client.views.update({ view_id: viewId!, hash: undefined, view: body });
    },
  };
}

const SUBMIT_BUDGET_MS = 2500;

/**
 * A form again, after someone else changed the ticket first: the current etag, what was typed and
 * the reason, so a second submit applies to the ticket as it is now and nothing typed is lost.
 */
function retryForm(deps: SlackDeps, meta: FormMetadata, typed: Record<string, string>, current: TicketView): FormView {
  const first = formFields(meta.form)[0];
  return {
    form: meta.form,
    title: `#${current.id} ${current.title}`,
    submitVerb: meta.verb as FormView['submitVerb'],
    ticketId: current.id,
    etag: current.etag,
    values: typed,
    errors: [{ field: first, message: `${current.notice?.text ?? 'Someone changed this ticket first.'} It is now ${current.status}${current.assignee ? `, assigned to ${current.assignee}` : ''}. Submit again to apply your change anyway.` }],
    priorities: deps.helpdesk.vocabulary.priorities,
    categories: deps.helpdesk.vocabulary.categories,
    allowInternal: meta.form === 'comment' && 'internal' in typed,
    allowCategory: meta.form === 'edit' && 'category' in typed,
  };
}

/** Merges what a modal submitted into the form so an error shows it again, nothing lost. */
function withTyped(form: FormView, typed: Record<string, string>): FormView {
  return { ...form, values: { ...typed, ...form.values } };
}

async function resolveAssignee(deps: SlackDeps, values: Record<string, string>): Promise<string | undefined> {
  const picked = values.assignee;
  if (!picked || picked.includes('@')) return undefined;
  const person = await deps.identity.lookup(picked).catch(() => undefined);
  if (person?.email) {
    values.assignee = person.email;
    return undefined;
  }
  return `I can't see ${person?.name ?? 'that person'}'s email address in Slack, so I can't assign the ticket to them.`;
}

/** A late refusal, after the modal had to close: the reasons and everything typed, so it can be re-sent. */
function lateRefusal(form: FormView, typed: Record<string, string>): Reply {
  const lines = Object.entries(typed)
    .filter(([, v]) => v && v !== 'false')
    .map(([k, v]) => `${k}: ${v}`);
  const text = `Your form was not sent: ${form.errors.map((e) => e.message).join(' ')}\nWhat you typed:\n${lines.join('\n')}`;
  return { view: { type: 'text', text }, visibility: 'private' };
}

async function afterSubmit(deps: SlackDeps, userId: string, meta: FormMetadata, reply: Reply, typed: Record<string, string> = {}): Promise<void> {
  if (reply.view.type === 'form' && reply.view.form.errors.length > 0) reply = lateRefusal(reply.view.form, typed);
  if (meta.channelId && meta.messageTs && reply.view.type === 'ticket' && reply.view.ticket.id === meta.ticketId) {
    await deps.client.chat.update({ channel: meta.channelId, ts: meta.messageTs, ...messageFor({ ...reply, visibility: 'public' }, meta.channelId) });
    return;
  }
  await deliver(deps, { channelId: meta.channelId, userId }, reply);
}

/** Registers the form submit handler (view_submission with callback id `helpdesk_form`). */
export function registerViews(app: App, deps: SlackDeps): void {
  app.view(FORM_CALLBACK_ID, async ({ ack, body, view }) => {
    const userId = body.user.id;
    const meta = readMetadata(view.private_metadata);
    if (!meta) {
      await ack({ response_action: 'update', view: viewModal('Help desk', { type: 'error', error: { message: 'This form is out of date. Close it and open it again.' } }) });
      return;
    }
    const first = formFields(meta.form)[0];
    const values = readFormValues(view.state.values as any);
    const typed = { ...values };
    // The message a ticket is made from is linked in the ticket by the create handler.
    if (meta.sourceLink) values.sourceLink = meta.sourceLink;
    const assigneeProblem = meta.form === 'assign' ? await resolveAssignee(deps, values) : undefined;
    if (assigneeProblem) {
      await ack({ response_action: 'errors', errors: { assignee: assigneeProblem } });
      return;
    }
    const ctx = await commandContext(deps, userId, conversationOf(meta.channelId ?? ''));
    if (!ctx) {
      await ack({ response_action: 'errors', errors: { [first]: NO_EMAIL_MESSAGE } });
      return;
    }
    const input: CommandInput = { verb: meta.verb, ticketId: meta.ticketId, etag: meta.etag, values };
    const work = dispatch(ctx, input);
    // Slack closes the modal with an error after 3 s; answer within budget, finish the rest later.
    const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), SUBMIT_BUDGET_MS).unref());
    const outcome = await Promise.race([work.then((reply) => ({ reply }), (error: unknown) => ({ error })), timer]);
    if (outcome === 'late') {
      await ack();
      work
        .then((reply) => afterSubmit(deps, userId, meta, reply, typed))
        .catch(async (error) => {
          deps.logger.error('slack late form submit failed', { verb: meta.verb, userId, error });
          await deliver(deps, { channelId: meta.channelId, userId }, { view: { type: 'error', error: { message: FAILURE_MESSAGE } }, visibility: 'private' });
        });
      return;
    }
    if ('error' in outcome) {
      deps.logger.error('slack form submit failed', { verb: meta.verb, userId, error: outcome.error });
      await ack({ response_action: 'errors', errors: { [first]: FAILURE_MESSAGE } });
      return;
    }
    const reply = outcome.reply;
    if (reply.view.type === 'form' && reply.view.form.errors.length > 0) {
      await ack({ response_action: 'errors', errors: formErrors(withTyped(reply.view.form, values)) });
      return;
    }
    if (reply.view.type === 'ticket' && meta.ticketId !== undefined && reply.outcome === 'conflict') {
      const { verb: _v, form: _f, ticketId: _t, etag: _e, ...where } = meta;
      await ack({ response_action: 'update', view: formModal(retryForm(deps, meta, typed, reply.view.ticket), where) });
      return;
    }
    if (reply.view.type === 'error') {
      await ack({ response_action: 'errors', errors: { [first]: reply.view.error.message.slice(0, 2000) } });
      return;
    }
    await ack();
    await afterSubmit(deps, userId, meta, reply).catch((error) => deps.logger.error('slack form reply failed', { verb: meta.verb, userId, error }));
  });
}
