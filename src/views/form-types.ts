/** The view models of forms (new ticket, reply, resolve, the features' own): what both channels render a form from. */
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

/** An input form: new ticket, comment/reply/note, resolve with note, assign, reopen with reason, edit. */
export interface FormView {
  /** The catalog language of the title and labels ('en', 'de'). */
  locale?: string;
  form: 'new-ticket' | 'comment' | 'resolve' | 'assign' | 'reopen' | 'edit' | 'saved-reply' | 'survey' | 'notifications' | 'answer';
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
  /** Reply and resolve forms of an agent: the saved-reply picker, and the verb that fills the text with the pick (the form's own). */
  savedReplyPicker?: { label: string; placeholder: string; use: string; verb: Verb; choices: Choice[] };
  /** The saved-reply form's own words. */
  replyWords?: { name: string; namePlaceholder: string; nameError: string; body: string; bodyHint: string; bodyError: string };
  /** The survey form: its ratings to choose from and its words. */
  survey?: { ratings: Choice[]; rating: string; chooseRating: string; comment: string };
  /** The answer form's own words, its choices and the preview of what requesters see (src/features/answers/views.ts). */
  answerWords?: {
    name: string; namePlaceholder: string; title: string; body: string; bodyHint: string; phrases: string;
    language: string; languages: Choice[]; shown: string; shownChoices: Choice[]; preview: string;
    /** The preview of what requesters read: the title, then the text's lines, each shown on its own (empty when nothing is typed yet). */
    previewTitle: string; previewLines: string[]; source: string;
    /** What each required field says when it is left empty, as a sentence. */
    missing: { name: string; title: string; body: string; phrases: string };
  };
  /** Values the submit carries that are no input, e.g. the name of the saved reply being edited. */
  hidden?: Record<string, string>;
  /** The notifications form's own words (src/features/preferences/notifications-form-view.ts). */
  choiceLabels?: { intro: string; status: string; comments: string; resolution: string; quietStart: string; quietEnd: string; quietHint: string };
}
