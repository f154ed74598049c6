/**
 * What a command's reply says happened, as data: channels style a notice by its tone and act on
 * the outcome, never on the wording (which may change or be translated).
 */

/**
 * How an answer or notice should look: good news (a change was made), information (an answer
 * that changes nothing: a report, a list, a question), a lost race or refusal, or a failure.
 * Channels give each tone its colour and weight; only `success` reads as good news.
 */
export type NoticeTone = 'success' | 'info' | 'warning' | 'error';

/** A line shown above a ticket or in place of one, with how to style it. */
export interface Notice {
  text: string;
  tone: NoticeTone;
}

/**
 * What became of the change a person asked for:
 * saved: it was written; conflict: someone changed the ticket first, nothing was written;
 * unchanged: nothing needed writing (e.g. you already hold it); invalid: the input was refused
 * and is handed back to fix; failed: the help desk or the bot failed, nothing was written.
 */
export type Outcome = 'saved' | 'conflict' | 'unchanged' | 'invalid' | 'failed';
