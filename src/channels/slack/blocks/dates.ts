/**
 * Dates in Slack messages: `<!date^UNIX^{date_short_pretty} {time}|fallback>`, which each Slack
 * client shows in its reader's own time zone and language; the fallback (where a client cannot)
 * is the unambiguous UTC text the view carries.
 */
import { escapeMrkdwn } from './limits';

/** The Slack date token for an ISO timestamp; a value that is no date is shown as its (escaped) text. */
export function slackDate(iso: string | undefined, fallback: string): string {
  const ms = iso ? Date.parse(iso) : NaN;
  // `|` ends the fallback and `>` the token; neither may come from the text.
  const safe = escapeMrkdwn(fallback).replace(/\|/g, '/');
  if (Number.isNaN(ms)) return safe;
  return `<!date^${Math.floor(ms / 1000)}^{date_short_pretty} {time}|${safe}>`;
}
