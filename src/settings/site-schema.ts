/**
 * Settings for the ticket schema the bot learns from the site's own columns: which extra columns
 * stay out of forms (HELPDESK_FORM_EXCLUDE), and which of the value lists an admin set, so a list
 * that a site's choice column overrides can be named for deletion.
 */
import { ConfigError, value, type Env } from './read';

/** The value lists a site's choice column takes precedence over. */
export const SITE_OVERRIDDEN_LISTS = ['HELPDESK_PRIORITIES', 'HELPDESK_CATEGORIES', 'HELPDESK_STATUSES'] as const;

/** What the schema reader takes from the environment. */
export interface SiteSchemaSettings {
  /** HELPDESK_FORM_EXCLUDE: internal names of extra columns that never become form fields or card lines. */
  formExclude?: readonly string[];
  /** Which of SITE_OVERRIDDEN_LISTS the environment sets (a default is nobody's to delete). */
  listsSet?: readonly string[];
}

/** HELPDESK_FORM_EXCLUDE (comma list of internal column names) and which value lists are set. */
export function readSiteSchema(env: Env): SiteSchemaSettings {
  const raw = value(env, 'HELPDESK_FORM_EXCLUDE');
  const formExclude = raw === undefined ? [] : raw.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = formExclude.find((name) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name));
  if (bad !== undefined) throw new ConfigError('HELPDESK_FORM_EXCLUDE', `"${bad}" is not a column's internal name (e.g. SD_Location; see the list's column settings)`);
  return { formExclude, listsSet: SITE_OVERRIDDEN_LISTS.filter((name) => value(env, name) !== undefined) };
}
