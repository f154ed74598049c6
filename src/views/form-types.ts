/**
 * The view models of forms: the ticket core's own (new ticket, reply, resolve, assign, reopen,
 * edit), each laid out by its template (Teams) and blocks (Slack), and any other form made of
 * neutral fields, which both channels lay out the same way whatever it is for.
 */
import type { Verb } from '../core';
import type { SiteColumn } from '../core/vocabulary';
import type { FormLabels } from './labels';

/** One option of a choice: the stored value, and how the reader's language shows it. */
export interface Choice {
  value: string;
  title: string;
}

/** A form field for one of the site's extra ticket columns. */
export interface ExtraFieldView {
  /** The input's id, and the key of its value in the form's `values` and in what a submit sends: `extra.` + the column's name. */
  id: string;
  /** The column's name in the reader's language: the catalogs' word for it, else the site's display name. */
  label: string;
  /** How it is filled (`note` multi-line text, `dateTime` a date); a held value the column's type no longer fits is shown as text. */
  type: SiteColumn['type'];
  required: boolean;
  /** A choice field's options; a value the ticket holds that the site removed stays among them. */
  choices: Choice[];
}

export interface FormFieldError {
  field: string;
  message: string;
}

/** A text input: one line, or several (`multiline`). */
export interface TextField {
  kind: 'text';
  /** The input's id: the key of its value in `values` and in what a submit sends. */
  id: string;
  label: string;
  placeholder?: string;
  /** A line under the input (Slack: the input's hint; a placeholder stands in when there is none). */
  hint?: string;
  multiline?: boolean;
  /** The most characters it takes. */
  max: number;
  required?: boolean;
  /** What the platform says when a required input is left empty. */
  missing?: string;
}

/** One choice among `choices`: all shown at once (`expanded`) or in a list (`compact`). */
export interface ChoiceField {
  kind: 'choice';
  id: string;
  label: string;
  placeholder?: string;
  choices: Choice[];
  style: 'expanded' | 'compact';
  /** Slack marks it required; a Teams choice set always sends a value. */
  required?: boolean;
}

/** A yes/no switch; its value is 'true' or 'false'. */
export interface ToggleField {
  kind: 'toggle';
  id: string;
  label: string;
}

/** Times of day (HH:MM) side by side, with one hint under them. */
export interface TimesField {
  kind: 'times';
  times: { id: string; label: string }[];
  hint: string;
}

/** A line between the inputs: an introduction, or a small note (where the form's words come from). */
export interface NoteField {
  kind: 'note';
  text: string;
  small?: boolean;
}

/** What the filled form will look like, set apart: a label, a title (bold) and lines (each on its own). */
export interface PreviewField {
  kind: 'preview';
  label: string;
  title: string;
  lines: string[];
}

/** Everything a form made of fields can hold, in the order it is shown. */
export type FormField = TextField | ChoiceField | ToggleField | TimesField | NoteField | PreviewField;

/** The ticket core's own forms, each laid out by its template (Teams) and blocks (Slack). */
export type TicketFormName = 'new-ticket' | 'comment' | 'resolve' | 'assign' | 'reopen' | 'edit';

/** A typeahead that fills the form's text with a pick (the text stays editable), and its "Use" button. */
export interface FormPicker {
  label: string;
  placeholder: string;
  use: string;
  /** The verb that opens the form again with the pick filled in (the form's own). */
  verb: Verb;
  choices: Choice[];
}

/** An input form: one of the ticket core's (`form` names it), or any other made of `fields`. */
export interface FormView {
  /** The catalog language of the title and labels ('en', 'de'). */
  locale?: string;
  /** Which form: a TicketFormName, or the name a command declares for its form of `fields`. */
  form: string;
  /** A form that is no ticket form: its fields, in order (their values are in `values` under their ids). */
  fields?: FormField[];
  /** A form of fields: its submit button's title. */
  submitTitle?: string;
  /** A form of fields offered in a message: the values its opening button carries (then `hidden`). */
  carried?: string[];
  title: string;
  /** Verb sent on submit. */
  submitVerb: Verb;
  ticketId?: number;
  etag?: string;
  values: Record<string, string>;
  errors: FormFieldError[];
  priorities: readonly Choice[];
  categories: readonly Choice[];
  /** Agents may choose internal/public on the comment form. */
  allowInternal?: boolean;
  /** Edit form: agents may change the category (requesters edit title and description only). */
  allowCategory?: boolean;
  /** Link to the chat message a ticket is being made from. */
  sourceLink?: string;
  /** Assign form: the active agents to choose from (the field also takes a typed address). */
  assignees?: Choice[];
  /** Where a form cannot open by itself (a chat message), what the button that opens it says: "Open: Reply — #12". */
  openText: string;
  /** The line next to that button: what was typed into it, or that it opens as a form. */
  offerText: string;
  /** Field names, prompts, hints and buttons, in the reader's language. */
  labels: FormLabels;
  /** The known fields the site's columns require besides the title (new-ticket form): description, priority, category. */
  required?: readonly string[];
  /** The site's extra columns (new-ticket and edit forms), after the known fields; their values are in `values` under their ids. */
  extraFields?: ExtraFieldView[];
  /** Reply and resolve forms of an agent: the picker that fills the text, and the verb that fills it (the form's own). */
  picker?: FormPicker;
  /** Values the submit carries that are no input, e.g. the name of the item being edited. */
  hidden?: Record<string, string>;
}
