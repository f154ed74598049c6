/**
 * Modals built from FormView: the ticket core's forms (new ticket, comment/note, resolve, assign,
 * reopen, edit) here, a form of fields by form-fields.ts. Block ids are the form's field names, so a
 * FormView error for field `title` lands under the title input.
 */
import { FORM_FIELDS, fieldInputs, formInputs, ticketFormInputs } from '../../../views/forms';
import { EXTRA_PREFIX } from '../../../views/site-fields';
import type { FormPicker, FormView, TicketFormName, View } from '../../../views/types';
import type { Checkboxes, ModalView, PlainTextOption, UsersSelect } from '@slack/types';
import type { Block } from './elements';
import { labelsFor } from '../../../views/labels';
import type { FormLabels } from '../../../views/labels';
import { renderMessage } from './message';
import { formFieldBlocks } from './form-fields';
import { BLOCK_LIMITS, escapeMrkdwn, mrkdwn, plain, truncate, userText } from './limits';
import { extraInputBlock, selectInput, textInput } from './inputs';
import { actsOnce, FORM_OPEN_VERB } from '../../../commands/registry';
import { decidedForm } from '../../../views/decisions';

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
  /** How often a saved reply was picked into this modal: the text's block id changes with it, so Slack shows the new text instead of keeping what was typed. */
  fill?: number;
  /** Values the submit carries that are no input (FormView.hidden), e.g. the item being edited. */
  hidden?: Record<string, string>;
  /** A form of fields: its input ids (a ticket form's are known by its name). */
  inputs?: string[];
}

/** What an input id of a form of fields looks like (`quietStart`). */
const INPUT_ID = /^[a-z][A-Za-z]{0,30}$/;

/** The action id of the form's picker (an external_select): not verb-shaped, so the button handler leaves it to saved-reply-picker.ts. */
export const SAVED_REPLY_PICK = 'saved_reply_pick';

/** The block id of a form field in a modal whose text a saved reply was picked into `fill` times. */
export function blockIdOf(field: string, fill: number | undefined): string {
  return fill && (field === 'comment' || field === 'note') ? `${field}~${fill}` : field;
}

/** The picker block of a reply or resolve form: searched as the agent types (options load URL), a pick fills the text. */
function pickerBlock(picker: FormPicker): Block {
  return {
    type: 'actions',
    block_id: 'saved_reply',
    elements: [{ type: 'external_select', action_id: SAVED_REPLY_PICK, min_query_length: 1, placeholder: plain(picker.placeholder, BLOCK_LIMITS.placeholder) }],
  } as Block;
}

/** A Slack link only for a plain https URL; anything else is shown as escaped text, so it cannot become markup. */
export function linkOrText(url: string, label: string): string {
  return /^https:\/\/[^\s<>|]+$/.test(url) ? `<${url}|${userText(label, 200)}>` : `${userText(label, 200)}: ${userText(url, 2000)}`;
}

/** The site's extra columns of a new-ticket or edit form, after its own fields. */
const extraBlocks = (form: FormView): Block[] => (form.extraFields ?? []).map((f) => extraInputBlock(f, form.values[f.id]));

function formBlocks(form: FormView, fill?: number): Block[] {
  if (form.fields) return formFieldBlocks({ ...form, fields: form.fields });
  const v = form.values;
  const m = (key: keyof FormLabels) => form.labels[key];
  switch (form.form) {
    case 'new-ticket': {
      const blocks: Block[] = [];
      if (form.sourceLink) blocks.push({ type: 'context', elements: [mrkdwn(linkOrText(form.sourceLink, m('fromMessage')))] });
      const optional = (field: string) => !(form.required ?? []).includes(field);
      blocks.push(
        textInput('title', m('title'), v.title, { max: 255 }),
        textInput('description', m('description'), v.description, { multiline: true, max: BLOCK_LIMITS.inputLength, optional: optional('description') }),
        selectInput('priority', m('priority'), m('choosePriority'), form.priorities, v.priority, optional('priority')),
        selectInput('category', m('category'), m('chooseCategory'), form.categories, v.category, optional('category')),
        ...extraBlocks(form),
      );
      return blocks;
    }
    case 'comment': {
      const blocks: Block[] = [textInput(blockIdOf('comment', fill), m('comment'), v.comment, { multiline: true, max: BLOCK_LIMITS.inputLength })];
      if (form.picker) blocks.unshift(pickerBlock(form.picker));
      if (form.allowInternal) {
        const opt: PlainTextOption = { text: plain(m('internalToggle')), value: 'true' };
        const element: Checkboxes = { type: 'checkboxes', action_id: 'value', options: [opt] };
        if (v.internal === 'true') element.initial_options = [opt];
        blocks.push({ type: 'input', block_id: 'internal', label: plain(m('visibility')), element, optional: true });
      }
      return blocks;
    }
    case 'resolve': {
      const note = textInput(blockIdOf('note', fill), m('resolveNoteShort'), v.note, { multiline: true, max: BLOCK_LIMITS.inputLength, optional: true, hint: m('resolveHint') });
      return form.picker ? [pickerBlock(form.picker), note] : [note];
    }
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
      blocks.push(...extraBlocks(form));
      return blocks;
    }
    default:
      return [];
  }
}

/** The label of each ticket form's submit button (a form of fields names its own). */
const SUBMIT_KEYS: Record<TicketFormName, keyof FormLabels> = { 'new-ticket': 'create', comment: 'send', resolve: 'resolve', assign: 'assign', reopen: 'reopen', edit: 'save' };

/**
 * The input block ids a submitted form has: a ticket form's by its name, a form of fields' as its
 * metadata carries them (one opened before they were carried: the input blocks Slack sends back).
 * An error on any other field is shown under the first.
 */
export function formFields(meta: Pick<FormMetadata, 'form' | 'inputs'>, state?: unknown): readonly string[] {
  if (meta.inputs) return meta.inputs;
  if (Object.hasOwn(FORM_FIELDS, meta.form)) return ticketFormInputs(meta.form);
  return state && typeof state === 'object' ? Object.keys(state).filter((k) => INPUT_ID.test(k)) : [];
}

/** FormView errors as Slack's `response_action: 'errors'` map (block_id -> message). */
export function formErrors(form: FormView, fill?: number): Record<string, string> {
  const fields = formInputs(form);
  const out: Record<string, string> = {};
  for (const e of form.errors) {
    const id = blockIdOf(fields.includes(e.field) ? e.field : fields[0], fill);
    out[id] = out[id] ? truncate(`${out[id]} ${e.message}`, 2000) : truncate(e.message, 2000);
  }
  return out;
}

/** The modal for a form; `meta` carries where it came from so submit can answer there. */
export function formModal(view: FormView, meta: Omit<FormMetadata, 'verb' | 'form' | 'ticketId' | 'etag'> = {}, _locale?: string): ModalView {
  // A writing form carries its decision, so two submits of it act once (views/decisions.ts).
  const form = decidedForm(view, actsOnce);
  const metadata: FormMetadata = { verb: form.submitVerb, form: form.form, ticketId: form.ticketId, etag: form.etag, ...meta };
  if (form.sourceLink) metadata.sourceLink = form.sourceLink;
  if (form.hidden) metadata.hidden = form.hidden;
  if (form.fields) metadata.inputs = fieldInputs(form.fields);
  const blocks = formBlocks(form, meta.fill);
  // Shown when a form comes back after a failed submit (Slack's inline errors last one submit only).
  for (const e of [...form.errors].reverse()) blocks.unshift({ type: 'section', text: mrkdwn(`:warning: ${userText(e.message, 2900)}`) });
  if (form.title.length > BLOCK_LIMITS.modalTitle) blocks.unshift({ type: 'section', text: mrkdwn(`*${userText(form.title, 2900)}*`) });
  return {
    type: 'modal',
    callback_id: FORM_CALLBACK_ID,
    title: plain(form.title, BLOCK_LIMITS.modalTitle),
    submit: plain(form.submitTitle ?? form.labels[SUBMIT_KEYS[form.form as TicketFormName]] ?? form.labels.send, BLOCK_LIMITS.modalButton),
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
export function readFormValues(state: unknown, meta?: Pick<FormMetadata, 'form' | 'inputs'>): Record<string, string> {
  const values: Record<string, string> = {};
  if (!state || typeof state !== 'object') return values;
  const form = meta?.form;
  const wanted = meta ? formFields(meta, state) : Object.values(FORM_FIELDS).flat();
  // The site's extra columns are blocks of their own, named by the field id's prefix.
  const extra = form === 'new-ticket' || form === 'edit' ? Object.keys(state).filter((id) => id.startsWith(EXTRA_PREFIX) && id.length <= 255) : [];
  for (const blockId of [...wanted, ...extra]) {
    // A text a saved reply was picked into has its block id numbered (blockIdOf); the highest number is the one shown.
    const numbered = (k: string) => k.startsWith(`${blockId}~`) && /^\d{1,4}$/.test(k.slice(blockId.length + 1));
    const own = Object.keys(state).filter((k) => k === blockId || numbered(k)).sort((a, b) => a.length - b.length || a.localeCompare(b)).pop();
    const actions = own ? (state as Record<string, unknown>)[own] : undefined;
    if (!actions || typeof actions !== 'object') continue;
    const a = (Object.hasOwn(actions, 'value') ? (actions as Record<string, unknown>).value : Object.values(actions)[0]) as Record<string, any> | undefined;
    if (!a || typeof a !== 'object') continue;
    if (a.type === 'static_select') values[blockId] = str(a.selected_option?.value);
    else if (a.type === 'checkboxes') values[blockId] = Array.isArray(a.selected_options) && a.selected_options.length > 0 ? 'true' : 'false';
    else if (a.type === 'users_select') values[blockId] = str(a.selected_user);
    else if (a.type === 'datepicker') values[blockId] = str(a.selected_date);
    else values[blockId] = str(a.value);
  }
  return values;
}

const optional = (v: unknown, pattern: RegExp): boolean => v === undefined || (typeof v === 'string' && pattern.test(v));

/** A few short named strings (FormMetadata.hidden), or undefined when it is anything else. */
function plainStrings(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 5 || entries.some(([k, v]) => !/^[a-z][A-Za-z]{0,20}$/.test(k) || typeof v !== 'string' || v.length > 200)) return undefined;
  return Object.fromEntries(entries) as Record<string, string>;
}

/** A form of fields' input ids (FormMetadata.inputs), or undefined when it is anything else. */
function inputIds(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > 12 || value.some((v) => typeof v !== 'string' || !INPUT_ID.test(v))) return undefined;
  return value as string[];
}

/** Parses private_metadata; anything malformed or foreign yields undefined (the submit is answered with an error). */
export function readMetadata(raw: unknown): FormMetadata | undefined {
  if (typeof raw !== 'string') return undefined;
  try {
    const m = JSON.parse(raw);
    if (!m || typeof m !== 'object' || typeof m.verb !== 'string' || typeof m.form !== 'string') return undefined;
    // A ticket form is known by its name; a form of fields is one a command declares, and carries its input ids.
    const inputs = m.inputs === undefined ? undefined : inputIds(m.inputs);
    if (Object.hasOwn(FORM_FIELDS, m.form) ? m.inputs !== undefined : !Object.hasOwn(FORM_OPEN_VERB, m.form) || (m.inputs !== undefined && !inputs)) return undefined;
    if (m.ticketId !== undefined && !(Number.isSafeInteger(m.ticketId) && m.ticketId > 0)) return undefined;
    if (!optional(m.etag, /^[^\n]{0,200}$/) || !optional(m.channelId, /^[CDG][A-Z0-9]{1,30}$/) || !optional(m.messageTs, /^\d{1,12}\.\d{1,8}$/) || !optional(m.sourceLink, /^https:\/\/\S+$/)) return undefined;
    if (m.fill !== undefined && !(Number.isSafeInteger(m.fill) && m.fill > 0 && m.fill < 10_000)) return undefined;
    const hidden = m.hidden === undefined ? undefined : plainStrings(m.hidden);
    if (m.hidden !== undefined && !hidden) return undefined;
    const out: FormMetadata = { verb: m.verb, form: m.form, ticketId: m.ticketId, etag: m.etag, channelId: m.channelId, messageTs: m.messageTs, sourceLink: m.sourceLink };
    if (m.fill) out.fill = m.fill;
    if (hidden) out.hidden = hidden;
    if (inputs) out.inputs = inputs;
    return out;
  } catch {
    // Metadata that is not our JSON (an old or foreign modal): read as none, so the submit is answered as a form without context.
    return undefined;
  }
}
