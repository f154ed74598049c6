/**
 * Modals: opened at once with the trigger id (Slack gives it 3 seconds), filled in after the slow
 * work, and submitted back through the same command handlers as typed commands and buttons.
 */
import { attachHeldFiles } from './files';
import type { App, ViewOutput } from '@slack/bolt';
import { dispatch } from '../../commands';
import type { CommandContext, CommandInput, Reply } from '../../commands/types';
import { retryForm } from '../../views/forms';
import { labelsFor, type LabelKey } from '../../views/labels';
import { extraFieldLabels } from '../../views/site-fields';
import type { Vocabulary } from '../../core/vocabulary';
import type { FormView, View } from '../../views/types';
import { blockIdOf, formErrors, formFields, formModal, FORM_CALLBACK_ID, loadingModal, readFormValues, readMetadata, viewModal, type FormMetadata } from './blocks/modal';
import { commandContext, conversationOf, type SlackDeps } from './command-context';
import { answer, failureMessage, isDirect, messageFor, postPrivate, quoteTyped } from './reply-delivery';
import { sharedTicketView } from '../../commands/shared-view';
import { detached, guarded } from './failure-policy';
import { button } from './blocks/elements';
import { FORM_OPEN_VERB } from '../../commands/registry';
import { renderMessage, type SlackMessage } from './blocks/message';
import { noEmailMessage } from './identity';
import { slackTexts, type SlackTexts } from '../../views/channel-texts';
import { channelLocale, readerLocale } from './locale';
import { VERBS } from '../../core/verbs';

/** A modal opened with a trigger id; `show` replaces its content once the real view is known. */
export interface OpenModal {
  viewId?: string;
  /** The person's own texts, for titles and errors shown in the modal. */
  texts: SlackTexts;
  show(view: View, meta?: Partial<FormMetadata>, title?: string): Promise<void>;
}

/**
 * Opens a "working" modal right away so the trigger id is never too old when the work ends.
 * From inside a modal the new one is pushed on top (Slack refuses views.open there).
 */
export async function openModal(deps: SlackDeps, triggerId: string, userId: string, titleKey: 'helpdesk' | 'newTicket', fromModal = false): Promise<OpenModal> {
  // The users.info answer is usually cached with the person; a slow first look-up must not cost the
  // trigger id its 3 seconds, so the "working" modal waits for it only briefly (else English).
  const quick = await Promise.race([readerLocale(deps, userId), new Promise<undefined>((r) => setTimeout(() => r(undefined), LOCALE_WAIT_MS).unref())]);
  const texts = slackTexts(quick);
  const title = texts.modalTitle(titleKey);
  const args = { trigger_id: triggerId, view: loadingModal(title, { close: texts.close(), working: texts.working() }) };
  const opened = fromModal ? await deps.client.views.push(args) : await deps.client.views.open(args);
  return shownIn(deps, opened.view?.id, userId, texts, title, quick);
}

/** The modal `viewId` (open already) as an OpenModal: `show` replaces its content. */
function shownIn(deps: SlackDeps, viewId: string | undefined, userId: string, texts: SlackTexts, title: string, quick?: string): OpenModal {
  return {
    viewId,
    texts,
    async show(view, meta = {}, heading = title) {
      const locale = quick ?? (await readerLocale(deps, userId));
      const body = view.type === 'form' ? formModal(view.form, meta, locale) : viewModal(heading, view, locale);
      // A view with buttons (the answers offered before a ticket) remembers the conversation it was opened for, so the form a button opens answers there.
      if (view.type !== 'form' && meta.channelId) body.private_metadata = JSON.stringify({ channelId: meta.channelId } satisfies ModalOrigin);
      await deps.client.views.update({ view_id: viewId!, hash: undefined, view: body });
    },
  };
}

/** Where a modal that is not a form was opened from (kept in its private_metadata by `show`). */
export interface ModalOrigin {
  channelId: string;
}

/** The origin a clicked modal carries, when it is one of ours that is not a form; anything else yields undefined. */
export function modalOrigin(view: { callback_id?: string; private_metadata?: string } | undefined): ModalOrigin | undefined {
  if (!view || view.callback_id || typeof view.private_metadata !== 'string' || !view.private_metadata) return undefined;
  try {
    const m = JSON.parse(view.private_metadata) as Partial<ModalOrigin> | null;
    return typeof m?.channelId === 'string' && /^[CDG][A-Z0-9]{1,30}$/.test(m.channelId) ? { channelId: m.channelId } : undefined;
  } catch {
    // Not our JSON (a foreign or cut value): the modal says nothing of where it came from.
    return undefined;
  }
}

/** A modal a button was clicked in, to be replaced in place (the form "File the ticket" opens takes the offer's place). */
export async function modalInPlace(deps: SlackDeps, viewId: string, userId: string): Promise<OpenModal> {
  const locale = await readerLocale(deps, userId);
  const texts = slackTexts(locale);
  return shownIn(deps, viewId, userId, texts, texts.modalTitle('helpdesk'), locale);
}

const SUBMIT_BUDGET_MS = 2500;

/** How long the first modal waits for the person's language before opening in English. */
const LOCALE_WAIT_MS = 700;

/** Merges what a modal submitted into the form so an error shows it again, nothing lost. */
function withTyped(form: FormView, typed: Record<string, string>): FormView {
  return { ...form, values: { ...typed, ...form.values } };
}

async function resolveAssignee(deps: SlackDeps, values: Record<string, string>, texts: SlackTexts): Promise<string | undefined> {
  const picked = values.assignee;
  if (!picked || picked.includes('@')) return undefined;
  // A failed users.info is logged by the look-up; the picked person is then said to be unknown, as one without an address is.
  const person = await deps.identity.lookup(picked).catch(() => undefined);
  if (person?.email) {
    values.assignee = person.email;
    return undefined;
  }
  return texts.noAssigneeEmail(person?.name);
}

/** The modal label of each form field, for giving back what was typed. */
const FIELD_LABELS: Record<string, LabelKey> = { title: 'title', description: 'description', priority: 'priority', category: 'category', comment: 'comment', note: 'resolveNoteShort', assignee: 'assignTo', reason: 'reopenReasonShort', internal: 'visibility' };

/**
 * What a person gets when their form could not be used after the modal had to close: the reason,
 * everything they typed, and a button that opens the same form again prefilled.
 */
export function handBack(meta: FormMetadata, typed: Record<string, string>, reason: string, locale?: string, vocabulary?: Vocabulary): SlackMessage {
  const texts = slackTexts(locale);
  const kept = Object.fromEntries(Object.entries(typed).filter(([, v]) => typeof v === 'string' && v !== '' && v !== 'false'));
  // Field names as the form showed them (`Titel: …`); a field without a label keeps its id.
  const labels = labelsFor(locale);
  const extra = extraFieldLabels(vocabulary, locale);
  const lines = Object.entries(kept).map(([k, v]) => `${Object.hasOwn(FIELD_LABELS, k) ? labels[FIELD_LABELS[k]] : (extra[k] ?? k)}: ${v}`);
  const msg = renderMessage({ type: 'text', text: texts.notSent(reason) }, locale);
  const withText = quoteTyped(msg, lines.join('\n'), locale);
  const reopen = { verb: FORM_OPEN_VERB[meta.form], title: texts.openAgain(), style: 'positive' as const, ticketId: meta.ticketId, etag: meta.etag, data: kept };
  return { text: withText.text, blocks: [...withText.blocks, { type: 'actions', elements: [button(reopen, new Set(), true)] }] };
}

async function afterSubmit(deps: SlackDeps, ctx: CommandContext, userId: string, meta: FormMetadata, reply: Reply, typed: Record<string, string> = {}): Promise<void> {
  const target = { channelId: meta.channelId, userId };
  const locale = ctx.locale;
  if (reply.outcome === 'conflict' && reply.view.type === 'ticket') {
    return postPrivate(deps, target, handBack(meta, typed, reply.view.ticket.notice?.text ?? slackTexts(locale).conflict(), locale, ctx.helpdesk.vocabulary));
  }
  if (reply.view.type === 'form' && reply.view.form.errors.length > 0) {
    return postPrivate(deps, target, handBack(meta, typed, reply.view.form.errors.map((e) => e.message).join(' '), locale, ctx.helpdesk.vocabulary));
  }
  if (reply.view.type === 'error' && reply.outcome !== 'saved') return postPrivate(deps, target, handBack(meta, typed, reply.view.error.message, locale, ctx.helpdesk.vocabulary));
  if (meta.channelId && meta.messageTs && reply.view.type === 'ticket' && reply.view.ticket.id === meta.ticketId) {
    const { channelId, messageTs } = meta;
    const ticketReply = reply as Reply & { view: { type: 'ticket' } };
    // An internal note is no news for a shared message: its line goes to the agent alone, not to everyone there.
    const privateNotice = typed.internal === 'true' && !isDirect(channelId) ? ticketReply.view.ticket.notice : undefined;
    const forShared = privateNotice ? { ...ticketReply, view: { ...ticketReply.view, ticket: { ...ticketReply.view.ticket, notice: undefined } } } : ticketReply;
    return answer(deps, target, reply, undefined, async () => {
      // A DM message is the person's own; a shared message only ever shows the shared view.
      const shared = isDirect(channelId) ? undefined : await channelLocale(deps, channelId);
      const msg = isDirect(channelId)
        ? messageFor(reply, channelId, locale)
        : renderMessage({ type: 'ticket', ticket: await sharedTicketView(ctx, forShared, shared) }, shared);
      await deps.client.chat.update({ channel: channelId, ts: messageTs, ...msg });
      if (privateNotice) await postPrivate(deps, target, renderMessage({ type: 'text', text: privateNotice.text }, locale));
    });
  }
  if (meta.verb === VERBS.create && reply.outcome === 'saved' && reply.view.type === 'ticket' && meta.channelId && isDirect(meta.channelId)) {
    const channel = meta.channelId;
    const ticket = reply.view.ticket;
    return answer(deps, target, reply, undefined, async (msg) => {
      const sent = await deps.client.chat.postMessage({ channel, ...msg });
      if (sent.ts) await followFilingCard(deps, { conversationId: channel, ticketId: ticket.id, messageId: sent.ts, etag: ticket.etag }, { email: ctx.actor.email, isAgent: ticket.agentView });
    });
  }
  return answer(deps, target, reply);
}

/**
 * The card a filing in the DM answered with follows the ticket: the poller edits it in place with
 * this person's view. A failure to record it only leaves that card as it was filed, so it is logged.
 */
async function followFilingCard(deps: SlackDeps, card: { conversationId: string; ticketId: number; messageId: string; etag: string }, reader: { email: string; isAgent: boolean }): Promise<void> {
  if (!deps.notifications) return;
  await deps.notifications.followCard({ platform: 'slack', ...card, reader }).catch((err: unknown) => deps.logger.warn('could not record the filing card; it keeps the state it was filed in', { ticketId: card.ticketId, channel: card.conversationId, error: err }));
}

/** Registers the form submit handler (view_submission with callback id `helpdesk_form`). */
export function registerViews(app: App, deps: SlackDeps): void {
  app.view(FORM_CALLBACK_ID, async ({ ack, body, view }) => {
    let acked = false;
    const once: Ack = async (answer) => {
      if (acked) return;
      acked = true;
      await ack(answer as never);
    };
    const userId = typeof body.user?.id === 'string' ? body.user.id : '';
    await guarded(deps.logger, 'form submit', { userId }, () => submit(deps, userId, view, once), async () => {
      if (acked) return;
      // Still inside Slack's deadline: the modal stays open with everything typed and the reason.
      const meta = readMetadata(view.private_metadata);
      await once(meta ? { response_action: 'errors', errors: { [blockIdOf(formFields(meta, view.state?.values)[0], meta.fill)]: failureMessage(await readerLocale(deps, userId)) } } : undefined);
    });
  });
}

type Ack = (answer?: Record<string, unknown>) => Promise<void>;

/** One form submit; `ack` answers Slack (once) within its 3 s. */
async function submit(deps: SlackDeps, userId: string, view: ViewOutput, ack: Ack): Promise<void> {
    const meta = readMetadata(view.private_metadata);
    const locale = await readerLocale(deps, userId);
    const texts = slackTexts(locale);
    if (!meta) {
      await ack({ response_action: 'update', view: viewModal(texts.modalTitle('helpdesk'), { type: 'error', error: { message: texts.outOfDate() } }, locale) });
      return;
    }
    const first = blockIdOf(formFields(meta, view.state?.values)[0], meta.fill);
    const values = readFormValues(view.state?.values, meta);
    const typed = { ...values };
    // The message a ticket is made from is linked in the ticket by the create handler.
    if (meta.sourceLink) values.sourceLink = meta.sourceLink;
    // What the form carries beside its inputs (the saved reply being edited) goes with them, not into what is handed back.
    for (const [key, value] of Object.entries(meta.hidden ?? {})) if (!Object.hasOwn(values, key)) values[key] = value;
    const assigneeProblem = meta.form === 'assign' ? await resolveAssignee(deps, values, texts) : undefined;
    if (assigneeProblem) {
      await ack({ response_action: 'errors', errors: { assignee: assigneeProblem } });
      return;
    }
    const ctx = await commandContext(deps, userId, conversationOf(meta.channelId ?? ''));
    if (!ctx) {
      await ack({ response_action: 'errors', errors: { [first]: noEmailMessage(locale) } });
      return;
    }
    const input: CommandInput = { verb: meta.verb, ticketId: meta.ticketId, etag: meta.etag, values };
    const work = dispatch(ctx, input);
    // Slack closes the modal with an error after 3 s; answer within budget, finish the rest later.
    const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), SUBMIT_BUDGET_MS).unref());
    const outcome = await Promise.race([work.then((reply) => ({ reply }), (error: unknown) => ({ error })), timer]);
    if (outcome === 'late') {
      await ack();
      // Finishes after Slack's deadline: guarded, and what was typed comes back if it fails.
      detached(
        deps.logger,
        'late form submit',
        { verb: meta.verb, userId },
        async () => {
          const reply = await work;
          await afterSubmit(deps, ctx, userId, meta, reply, typed);
          await attachHeldFiles(deps, userId, meta.channelId, reply, ctx.locale);
        },
        () => postPrivate(deps, { channelId: meta.channelId, userId }, handBack(meta, typed, failureMessage(locale), locale, ctx.helpdesk.vocabulary)),
      );
      return;
    }
    if ('error' in outcome) {
      deps.logger.error('slack form submit failed', { verb: meta.verb, userId, error: outcome.error });
      await ack({ response_action: 'errors', errors: { [first]: failureMessage(locale) } });
      return;
    }
    const reply = outcome.reply;
    if (reply.view.type === 'form' && reply.view.form.errors.length > 0) {
      await ack({ response_action: 'errors', errors: formErrors(withTyped(reply.view.form, values), meta.fill) });
      return;
    }
    if (reply.view.type === 'ticket' && meta.ticketId !== undefined && reply.outcome === 'conflict') {
      const { verb: _v, form: _f, ticketId: _t, etag: _e, ...where } = meta;
      const current = reply.view.ticket;
      const again = retryForm(meta.form, meta.verb as FormView['submitVerb'], current, deps.helpdesk.vocabulary, typed, current.notice?.text ?? texts.someoneChanged(), locale);
      await ack({ response_action: 'update', view: formModal(again, where) });
      return;
    }
    if (reply.view.type === 'error') {
      await ack({ response_action: 'errors', errors: { [first]: reply.view.error.message.slice(0, 2000) } });
      return;
    }
    await ack();
    await guarded(deps.logger, 'form reply', { verb: meta.verb, userId }, () => afterSubmit(deps, ctx, userId, meta, reply, typed));
    await guarded(deps.logger, 'files held for the form', { verb: meta.verb, userId }, () => attachHeldFiles(deps, userId, meta.channelId, reply, ctx.locale));
}
