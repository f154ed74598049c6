/**
 * The static words every surface shows besides its data (field names, form prompts, "Unassigned"),
 * in the reader's language. Views carry them, so Teams templates and Slack blocks only lay them out.
 */
import { CATALOGS, normalizeLocale, translator, type Catalog } from '../i18n';
import type { FormView } from './types';

/** The names of the labels, as the English views catalog lists them under its `labels`. */
export type LabelKey = keyof typeof import('../i18n/locales/en/views.json')['labels'];

/** Every label in one language. */
export type Labels = Readonly<Record<LabelKey, string>>;

const KEYS = Object.keys((CATALOGS.en.views as Catalog).labels as Catalog) as LabelKey[];
const cache = new Map<string, Labels>();

/** The labels in the reader's language (unknown: English); one shared object per language. */
export function labelsFor(locale?: string): Labels {
  const lng = normalizeLocale(locale);
  let labels = cache.get(lng);
  if (!labels) {
    const t = translator(lng);
    labels = Object.freeze(Object.fromEntries(KEYS.map((k) => [k, t(`views:labels.${k}`)]))) as Labels;
    cache.set(lng, labels);
  }
  return labels;
}

/** Only the labels `keys` name, so a view (and an outbox row holding one) carries no more words than it shows. */
export function pickLabels<K extends LabelKey>(locale: string | undefined, keys: readonly K[]): Pick<Labels, K> {
  const all = labelsFor(locale);
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<Labels, K>;
}

/** The words a ticket card shows around its data. */
export const TICKET_LABELS = [
  'ticketHeading', 'status', 'priority', 'category', 'requester', 'assignedTo', 'created', 'updated',
  'openInHelpdesk', 'comments', 'unassigned', 'internalNote', 'fullText', 'refresh', 'opened',
] as const satisfies readonly LabelKey[];
/** The words of every form: field names, prompts, hints, errors and buttons. */
export const FORM_LABELS = [
  'title', 'titleError', 'titlePlaceholder', 'description', 'descriptionPlaceholder', 'priority', 'category', 'choosePriority',
  'chooseCategory', 'createTicket', 'create', 'fromMessage', 'comment', 'commentError', 'internalToggle', 'visibility', 'addComment',
  'send', 'backToTicket', 'agent', 'agentError', 'agentEmail', 'agentEmailError', 'pickAgent', 'assignTo', 'assignHint', 'assign',
  'reopenReason', 'reopenReasonShort', 'reopenHint', 'reopenError', 'reopen', 'resolveNote', 'resolveNoteShort', 'resolveHint',
  'resolve', 'save', 'cancel', 'close', 'formOffer', 'fieldRequired',
] as const satisfies readonly LabelKey[];
/** The words of an asset list. */
export const ASSET_LABELS = ['type', 'status', 'holder', 'model', 'serial', 'serialShort', 'warranty'] as const satisfies readonly LabelKey[];

/** Labels of a ticket card. */
export type TicketLabels = Pick<Labels, (typeof TICKET_LABELS)[number]>;
/** Labels of a form. */
export type FormLabels = Pick<Labels, (typeof FORM_LABELS)[number]>;
/** Labels of an asset list. */
export type AssetLabels = Pick<Labels, (typeof ASSET_LABELS)[number]>;

/** What a form says around itself, in the reader's language: its labels and the words of the button that opens it. */
export function formWords(title: string, values: Record<string, string>, kind: FormView['form'], locale: string | undefined): Pick<FormView, 'labels' | 'openText' | 'offerText'> {
  const t = translator(locale);
  const labels = pickLabels(locale, FORM_LABELS);
  const prefill = kind === 'new-ticket' ? values.title : '';
  return { labels, openText: t('views:form.open', { title }), offerText: prefill ? t('views:form.offerPrefilled', { prefill }) : labels.formOffer };
}
