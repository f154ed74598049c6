/**
 * The data each card template reads, made from a view: its texts escaped for Teams markdown, its
 * dates as DATE()/TIME() tokens, its buttons as Action.Execute data. Every word comes from the
 * view, already in the reader's language; nothing here translates or formats.
 */
import { VERBS, type Notice, type StatusRole } from '../../core';
import { formInputs, PICKER_INPUT } from '../../views/forms';
import { actsOnce } from '../../commands/registry';
import { decidedAction, decidedForm } from '../../views/decisions';
import { placeDateMarks } from '../../views/elements';
import type { NoticeView } from '../../views/notice-view';
import type { ActionView, AssetListView, ConfirmationView, ErrorView, FormView, HelpView, StatusLineView, TicketListView, TicketSummaryView, TicketView } from '../../views/types';
import { cardDateTime, literal, placeholders } from './card-text';
import { statusStyle, toneStyle } from './tone';

/** Card colour by what the status means, not how it is spelled. */
// "Warning" is yellow on white in the default host config: a ticket being worked on reads in the theme's own colour.
const ROLE_COLORS: Record<StatusRole, string> = { new: 'Accent', working: 'Default', waiting: 'Default', done: 'Good' };

/** Teams shows at most a handful of buttons per action set; agents get two rows instead of an error. */
const BUTTONS_PER_ROW = 4;

/** A button as the card templates lay it out: title, verb, style, and its data with the ticket, etag and decision. */
export function action(view: ActionView) {
  // A writing button carries its decision, so two clicks on it act once (views/decisions.ts).
  const a = decidedAction(view, actsOnce);
  const data: Record<string, unknown> = { ...a.data };
  if (a.ticketId !== undefined) data.ticketId = a.ticketId;
  if (a.etag !== undefined) data.etag = a.etag;
  return { title: a.title, verb: a.verb, style: a.style ?? 'default', data };
}

function rows<T>(items: T[]): { actions: T[] }[] {
  const out: { actions: T[] }[] = [];
  for (let i = 0; i < items.length; i += BUTTONS_PER_ROW) out.push({ actions: items.slice(i, i + BUTTONS_PER_ROW) });
  return out;
}

/** A status line (e.g. an SLA clock): its date as DATE()/TIME() tokens, coloured and marked by its tone (tone.ts). */
function statusLine(c: StatusLineView) {
  const { color, mark } = statusStyle(c.tone);
  return { text: `${mark}${literal(c.before)}${c.at ? cardDateTime(c.at, c.atText ?? '') : ''}${literal(c.after)}`, color };
}

function summary(t: TicketSummaryView) {
  const line = `${literal(t.line.before)}${cardDateTime(t.modified, t.modifiedText)}${literal(t.line.after)}`;
  return { id: t.id, title: literal(t.title), line, notice: literal(t.notice ?? ''), statusLines: (t.statusLines ?? []).map(statusLine), actions: t.actions.map(action) };
}

/**
 * Text someone wrote, each of its lines a paragraph: Teams reads a single line break in a TextBlock
 * as a space, so a description's or comment's lines would run together into one sentence.
 */
function paragraphs(text: string): string {
  return literal(text).split('\n').filter((line) => line.trim() !== '').join('\n\n');
}

/** A notice's container by its tone: good news green, a lost race or refusal amber, a failure red. */
function noticeStyle(notice: Notice | undefined): string {
  return toneStyle(notice?.tone ?? 'success').container;
}

/** The ticket card's data. */
export function ticketData(t: TicketView) {
  return {
    id: t.id,
    title: literal(t.title),
    status: literal(t.statusLabel),
    statusColor: t.statusRole ? ROLE_COLORS[t.statusRole] : 'Default',
    priority: literal(t.priorityLabel || '—'),
    category: literal(t.categoryLabel || '—'),
    requesterText: literal(t.requesterText),
    assigneeText: literal(t.assigneeText || t.labels.unassigned),
    link: t.link ?? '',
    createdText: cardDateTime(t.created, t.createdText),
    modifiedText: cardDateTime(t.modified, t.modifiedText),
    statusLines: (t.statusLines ?? []).map(statusLine),
    description: paragraphs(t.description),
    notice: paragraphs(t.notice?.text ?? ''),
    noticeStyle: noticeStyle(t.notice),
    olderComments: t.olderComments,
    olderText: literal(t.earlierCommentsText[0] ?? ''),
    comments: t.comments.map((c) => ({
      heading: `${literal([...(c.internal ? [t.labels.internalNote] : []), c.author].join(' · '))} · ${cardDateTime(c.created, c.createdText)}`,
      body: paragraphs(c.body),
      containerStyle: c.internal ? 'warning' : 'emphasis',
    })),
    actionRows: rows(t.actions.map(action)),
    extraFacts: (t.extraLines ?? []).map((l) => ({ label: literal(l.label), value: literal(l.value) })),
    labels: t.labels,
  };
}

/** A ticket list's data. */
export function listData(l: TicketListView) {
  return { title: literal(l.title), emptyText: literal(l.emptyText), footer: literal(l.footer ?? ''), tickets: l.tickets.map(summary), actions: (l.actions ?? []).map(action) };
}

/** The help card's data. */
export function helpData(h: HelpView) {
  const commands = h.commands.map((c) => ({ usage: placeholders(c.usage), description: literal(c.description) }));
  // The command word, then its line with the example under it: reads in a narrow channel column, where a table wrapped mid-word.
  const groups = h.groups.map((g) => ({
    title: literal(g.title),
    commands: g.commands.map((c) => ({ name: literal(c.name), description: literal(c.description), example: placeholders(c.example) })),
  }));
  return { title: h.title, intro: h.intro, commands, hasCommands: commands.length > 0, groups, more: placeholders(h.more), actions: h.actions.map(action) };
}

/**
 * A confirmation's data: its first line styled by the answer's tone (a heading when lines follow),
 * each further line a line of its own, and the ticket it is about as a summary line.
 */
export function confirmationData(c: ConfirmationView) {
  const style = toneStyle(c.tone);
  const [first = '', ...rest] = c.message.split('\n').map((line) => placeDateMarks(literal(line), c.dates, cardDateTime));
  const lines = rest.filter((line) => line.trim() !== '').map((text) => ({ text }));
  return {
    message: `${style.mark}${first}`,
    color: style.color,
    weight: lines.length > 0 ? 'Bolder' : style.weight,
    lines,
    // Each line of a section its own TextBlock: Teams joins lines a single newline separates.
    sections: (c.sections ?? []).map((s) => ({
      heading: literal(s.heading),
      lines: s.lines.filter((line) => line.trim() !== '').map((line) => ({ text: literal(line) })),
      actions: s.actions.map(action),
    })),
    hasTicket: Boolean(c.ticket),
    ticket: c.ticket ? summary(c.ticket) : {},
    actions: c.actions.map(action),
  };
}

/** An error's data. */
export function errorData(e: ErrorView) {
  return { message: literal(e.message), usage: placeholders(e.usage ?? ''), labels: { usage: e.usageLabel ?? '' } };
}

/** An asset list's data: the holder by name. */
export function assetData(l: AssetListView) {
  return {
    title: literal(l.title),
    emptyText: literal(l.emptyText),
    assets: l.assets.map((a) => ({
      ...a,
      title: literal(a.title),
      assetTag: literal(a.assetTag),
      type: literal(a.type),
      status: literal(a.status),
      holderText: literal(a.holderName || '—'),
      modelText: literal([a.manufacturer, a.model].filter(Boolean).join(' ') || '—'),
      serialNumber: literal(a.serialNumber || '—'),
      warrantyText: a.warrantyText || '—',
    })),
    labels: l.labels,
  };
}

/** A notification DM's data. */
export function noticeData(n: NoticeView) {
  return {
    ticketId: n.ticketId,
    title: literal(n.title),
    text: literal(n.text),
    line: literal(`${n.status} · ${n.priority}`),
    link: n.link ?? '',
    actions: n.actions.map(action),
    labels: n.labels,
  };
}

/** A form's data: values kept as typed, each error under its field. */
export function formData(view: FormView) {
  const f = decidedForm(view, actsOnce);
  const fields = formInputs(f);
  const errors: Record<string, string> = Object.fromEntries(fields.map((name) => [name, '']));
  const other: string[] = [];
  for (const e of f.errors) {
    if (e.field in errors) errors[e.field] = errors[e.field] ? `${errors[e.field]} ${e.message}` : e.message;
    else other.push(e.message);
  }
  const values: Record<string, string> = Object.fromEntries(fields.map((name) => [name, f.values[name] ?? '']));
  const required = new Set(f.required ?? []);
  const submitData: Record<string, unknown> = {};
  if (f.ticketId !== undefined) submitData.ticketId = f.ticketId;
  if (f.etag !== undefined) submitData.etag = f.etag;
  if (f.sourceLink) submitData.sourceLink = f.sourceLink;
  Object.assign(submitData, f.hidden);
  const picker = f.picker;
  return {
    title: literal(f.title),
    submitVerb: f.submitVerb,
    // Ticket forms replace the ticket card; this is the way back without submitting.
    backVerb: VERBS.show,
    submitData,
    values,
    errors,
    otherErrors: other.join(' '),
    sourceLink: f.sourceLink ?? '',
    allowInternal: Boolean(f.allowInternal),
    allowCategory: Boolean(f.allowCategory),
    priorityChoices: f.priorities,
    categoryChoices: f.categories,
    assigneeChoices: f.assignees ?? [],
    required: { description: required.has('description'), priority: required.has('priority'), category: required.has('category') },
    extraFields: (f.extraFields ?? []).map((x) => {
      const value = values[x.id];
      // Each input type reads its own value key: a number as a number, a toggle as true/false.
      return { ...x, value, error: errors[x.id], numberValue: Number(value), toggleValue: value === 'true' ? 'true' : 'false' };
    }),
    labels: f.labels,
    // The form's picker (typeahead answered by application/search) and its Use button, which opens the form again filled.
    picker: picker ? { show: true, input: PICKER_INPUT, label: picker.label, placeholder: picker.placeholder, use: picker.use, verb: picker.verb, choices: picker.choices } : { show: false, input: PICKER_INPUT, label: '', placeholder: '', use: '', verb: '', choices: [] },
  };
}
