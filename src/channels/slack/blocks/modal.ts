/**
 * Modals built from FormView (new ticket, comment/note, resolve, assign, reopen, edit). Block ids are the
 * form's field names, so a FormView error for field `title` lands under the title input.
 */
import { FORM_FIELDS } from '../../../views/forms';
import type { Choice, FormView, View } from '../../../views/types';
import type { Checkboxes, InputBlock, ModalView, PlainTextInput, PlainTextOption, StaticSelect, UsersSelect } from '@slack/types';
import type { Block } from './elements';
import { labelsFor } from '../../../views/labels';
import type { FormLabels } from '../../../views/labels';
import { renderMessage } from './message';
import { notificationFormBlocks } from './notifications-form';
import { BLOCK_LIMITS, mrkdwn, plain, truncate, userText } from './limits';

/** Every modal we open carries this callback id; the form itself travels in private_metadata. */
export const FORM_CALLBACK_ID = 'helpdesk_form';

/** What a submitted modal needs to become a command again (kept in private_metadata). */
export interface FormMetadata {
  verb: string;
  form: FormView['form'];
  ticketId?: number;
  etag?: string;
  /** Channel the form was opened from, where the confirmation goes. */
  channelId?: string;
  /** Message to update in place after submit (opened from a ticket message's button). */
  messageTs?: string;
  sourceLink?: string;
}

/** A Slack link only for a plain https URL; anything else is shown as escaped text, so it cannot become markup. */
export function linkOrText(url: string, label: string): string {
  return /^https:\/\/[^\s<>|]+$/.test(url) ? `<${url}|${userText(label, 200)}>` : `${userText(label, 200)}: ${userText(url, 2000)}`;
}

function option(choice: Choice): PlainTextOption {
  return { text: plain(choice.title, BLOCK_LIMITS.optionText), value: truncate(choice.value, 150) };
}

function textInput(id: string, label: string, value: string | undefined, opts: { multiline?: boolean; max: number; optional?: boolean; hint?: string }): InputBlock {
  const element: PlainTextInput = { type: 'plain_text_input', action_id: 'value', multiline: Boolean(opts.multiline), max_length: Math.min(opts.max, BLOCK_LIMITS.inputLength) };
  if (value) element.initial_value = truncate(value, element.max_length ?? BLOCK_LIMITS.inputLength);
  const block: InputBlock = { type: 'input', block_id: id, label: plain(label, BLOCK_LIMITS.inputLabel), element, optional: Boolean(opts.optional) };
  if (opts.hint) block.hint = plain(opts.hint, BLOCK_LIMITS.inputLabel);
  return block;
}

function selectInput(id: string, label: string, placeholder: string, choices: readonly Choice[], current: string | undefined): InputBlock {
  const element: StaticSelect = { type: 'static_select', action_id: 'value', placeholder: plain(placeholder, BLOCK_LIMITS.placeholder), options: choices.slice(0, 100).map(option) };
  const chosen = choices.find((c) => c.value === current);
  if (chosen) element.initial_option = option(chosen);
  return { type: 'input', block_id: id, label: plain(label, BLOCK_LIMITS.inputLabel), element, optional: true };
}

function formBlocks(form: FormView): Block[] {
  const v = form.values;
  const m = (key: keyof FormLabels) => form.labels[key];
  switch (form.form) {
    case 'new-ticket': {
      const blocks: Block[] = [];
      if (form.sourceLink) blocks.push({ type: 'context', elements: [mrkdwn(linkOrText(form.sourceLink, m('fromMessage')))] });
      blocks.push(
        textInput('title', m('title'), v.title, { max: 255 }),
        textInput('description', m('description'), v.description, { multiline: true, max: BLOCK_LIMITS.inputLength, optional: true }),
        selectInput('priority', m('priority'), m('choosePriority'), form.priorities, v.priority),
        selectInput('category', m('category'), m('chooseCategory'), form.categories, v.category),
      );
      return blocks;
    }
    case 'comment': {
      const blocks: Block[] = [textInput('comment', m('comment'), v.comment, { multiline: true, max: BLOCK_LIMITS.inputLength })];
      if (form.allowInternal) {
        const opt: PlainTextOption = { text: plain(m('internalToggle')), value: 'true' };
        const element: Checkboxes = { type: 'checkboxes', action_id: 'value', options: [opt] };
        if (v.internal === 'true') element.initial_options = [opt];
        blocks.push({ type: 'input', block_id: 'internal', label: plain(m('visibility')), element, optional: true });
      }
      return blocks;
    }
    case 'resolve':
      return [textInput('note', m('resolveNoteShort'), v.note, { multiline: true, max: BLOCK_LIMITS.inputLength, optional: true, hint: m('resolveHint') })];
    case 'assign': {
      const element: UsersSelect = { type: 'users_select', action_id: 'value', placeholder: plain(m('pickAgent'), BLOCK_LIMITS.placeholder) };
      if (/^[UW][A-Z0-9]+$/.test(v.assignee ?? '')) element.initial_user = v.assignee;
      return [{ type: 'input', block_id: 'assignee', label: plain(m('assignTo')), element, hint: plain(m('assignHint')) }];
    }
    case 'reopen':
      return [textInput('reason', m('reopenReasonShort'), v.reason, { multiline: true, max: BLOCK_LIMITS.inputLength, hint: m('reopenHint') })];
    case 'edit': {
      const blocks: Block[] = [
        textInput('title', m('title'), v.title, { max: 255 }),
        textInput('description', m('description'), v.description, { multiline: true, max: BLOCK_LIMITS.inputLength, optional: true }),
      ];
      if (form.allowCategory) blocks.push(selectInput('category', m('category'), m('chooseCategory'), form.categories, v.category));
      return blocks;
    }
    case 'notifications':
      return notificationFormBlocks(form);
  }
}

/** The label of each form's submit button. */
const SUBMIT_KEYS: Record<FormView['form'], keyof FormLabels> = { 'new-ticket': 'create', comment: 'send', resolve: 'resolve', assign: 'assign', reopen: 'reopen', edit: 'save', notifications: 'save' };

/** The input block ids a form has; an error on any other field is shown under the first. */
export function formFields(form: FormView['form']): readonly string[] {
  return FORM_FIELDS[form];
}

/** FormView errors as Slack's `response_action: 'errors'` map (block_id -> message). */
export function formErrors(form: FormView): Record<string, string> {
  const fields = formFields(form.form);
  const out: Record<string, string> = {};
  for (const e of form.errors) {
    const id = fields.includes(e.field) ? e.field : fields[0];
    out[id] = out[id] ? truncate(`${out[id]} ${e.message}`, 2000) : truncate(e.message, 2000);
  }
  return out;
}

/** The modal for a form; `meta` carries where it came from so submit can answer there. */
export function formModal(form: FormView, meta: Omit<FormMetadata, 'verb' | 'form' | 'ticketId' | 'etag'> = {}, _locale?: string): ModalView {
  const metadata: FormMetadata = { verb: form.submitVerb, form: form.form, ticketId: form.ticketId, etag: form.etag, ...meta };
  if (form.sourceLink) metadata.sourceLink = form.sourceLink;
  const blocks = formBlocks(form);
  // Shown when a form comes back after a failed submit (Slack's inline errors last one submit only).
  for (const e of [...form.errors].reverse()) blocks.unshift({ type: 'section', text: mrkdwn(`:warning: ${userText(e.message, 2900)}`) });
  if (form.title.length > BLOCK_LIMITS.modalTitle) blocks.unshift({ type: 'section', text: mrkdwn(`*${userText(form.title, 2900)}*`) });
  return {
    type: 'modal',
    callback_id: FORM_CALLBACK_ID,
    title: plain(form.title, BLOCK_LIMITS.modalTitle),
    submit: plain(form.labels[SUBMIT_KEYS[form.form]], BLOCK_LIMITS.modalButton),
    close: plain(form.labels.cancel, BLOCK_LIMITS.modalButton),
    private_metadata: truncate(JSON.stringify(metadata), BLOCK_LIMITS.privateMetadata),
    blocks: blocks.slice(0, BLOCK_LIMITS.surfaceBlocks),
  };
}

/** A modal shown at once while slow work runs, so the trigger id is used within its 3 seconds; `words` in the reader's language. */
export function loadingModal(title: string, words: { close: string; working: string }): ModalView {
  return { type: 'modal', title: plain(title, BLOCK_LIMITS.modalTitle), close: plain(words.close, BLOCK_LIMITS.modalButton), blocks: [{ type: 'section', text: mrkdwn(`:hourglass_flowing_sand: ${userText(words.working, 2000)}`) }] };
}

/**
 * Any non-form view (ticket, error, confirmation) inside a modal. Only its Close button is not in
 * the view: it is the reader's label, picked by `locale` (most views have no labels of their own).
 */
export function viewModal(title: string, view: View, locale?: string): ModalView {
  const close = plain(labelsFor(locale).close, BLOCK_LIMITS.modalButton);
  return { type: 'modal', title: plain(title, BLOCK_LIMITS.modalTitle), close, blocks: renderMessage(view, locale).blocks.slice(0, BLOCK_LIMITS.surfaceBlocks) };
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Reads a submitted modal's inputs back into form values (users_select gives a Slack user id).
 * Payloads are untrusted: only our own block ids are read, and only string values.
 */
export function readFormValues(state: unknown, form?: FormView['form']): Record<string, string> {
  const values: Record<string, string> = {};
  if (!state || typeof state !== 'object') return values;
  const wanted = form ? FORM_FIELDS[form] : Object.values(FORM_FIELDS).flat();
  for (const blockId of wanted) {
    const actions = Object.hasOwn(state, blockId) ? (state as Record<string, unknown>)[blockId] : undefined;
    if (!actions || typeof actions !== 'object') continue;
    const a = (Object.hasOwn(actions, 'value') ? (actions as Record<string, unknown>).value : Object.values(actions)[0]) as Record<string, any> | undefined;
    if (!a || typeof a !== 'object') continue;
    if (a.type === 'static_select') values[blockId] = str(a.selected_option?.value);
    else if (a.type === 'checkboxes') values[blockId] = Array.isArray(a.selected_options) && a.selected_options.length > 0 ? 'true' : 'false';
    else if (a.type === 'users_select') values[blockId] = str(a.selected_user);
    else values[blockId] = str(a.value);
  }
  return values;
}

const optional = (v: unknown, pattern: RegExp): boolean => v === undefined || (typeof v === 'string' && pattern.test(v));

/** Parses private_metadata; anything malformed or foreign yields undefined (the submit is answered with an error). */
export function readMetadata(raw: unknown): FormMetadata | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const m = JSON.parse(raw);
    if (!m || typeof m !== 'object' || typeof m.verb !== 'string' || typeof m.form !== 'string' || !Object.hasOwn(FORM_FIELDS, m.form)) return undefined;
    if (m.ticketId !== undefined && !(Number.isSafeInteger(m.ticketId) && m.ticketId > 0)) return undefined;
    if (!optional(m.etag, /^[^\n]{0,200}$/) || !optional(m.channelId, /^[CDG][A-Z0-9]{1,30}$/) || !optional(m.messageTs, /^\d{1,12}\.\d{1,8}$/) || !optional(m.sourceLink, /^https:\/\/\S+$/)) return undefined;
    return { verb: m.verb, form: m.form, ticketId: m.ticketId, etag: m.etag, channelId: m.channelId, messageTs: m.messageTs, sourceLink: m.sourceLink };
  } catch {
    return undefined;
  }
}
