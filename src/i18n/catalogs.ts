/**
 * The message catalogs, one JSON file per language and namespace: the core's in
 * src/i18n/locales/<lng>/<ns>.json, a feature's in src/features/<name>/catalog/<lng>.json (namespace <name>).
 * Imported rather than read from disk so tsc copies them into dist/ and start-up needs no I/O.
 * Adding a language: copy locales/en to locales/<lng> and each feature's catalog/en.json to catalog/<lng>.json,
 * translate, and add its block below.
 */
import enCommon from './locales/en/common.json' with { type: 'json' };
import enCommands from './locales/en/commands.json' with { type: 'json' };
import enViews from './locales/en/views.json' with { type: 'json' };
import enNotify from './locales/en/notify.json' with { type: 'json' };
import enTeams from './locales/en/teams.json' with { type: 'json' };
import enSlack from './locales/en/slack.json' with { type: 'json' };
import enHelpdesk from './locales/en/helpdesk.json' with { type: 'json' };
import deCommon from './locales/de/common.json' with { type: 'json' };
import deCommands from './locales/de/commands.json' with { type: 'json' };
import deViews from './locales/de/views.json' with { type: 'json' };
import deNotify from './locales/de/notify.json' with { type: 'json' };
import deTeams from './locales/de/teams.json' with { type: 'json' };
import deSlack from './locales/de/slack.json' with { type: 'json' };
import deHelpdesk from './locales/de/helpdesk.json' with { type: 'json' };
import enFiles from '../features/files/catalog/en.json' with { type: 'json' };
import deFiles from '../features/files/catalog/de.json' with { type: 'json' };

/** One area of the product per namespace, so people adding strings to different areas touch different files. */
export const NAMESPACES = ['common', 'commands', 'views', 'notify', 'helpdesk', 'teams', 'slack', 'files', 'answers', 'duplicates', 'saved-replies', 'preferences', 'spaces', 'search', 'storms', 'language', 'routing', 'reports', 'sla', 'surveys', 'digests'] as const;
import enAnswers from '../features/answers/catalog/en.json' with { type: 'json' };
import deAnswers from '../features/answers/catalog/de.json' with { type: 'json' };
import enDuplicates from '../features/duplicates/catalog/en.json' with { type: 'json' };
import deDuplicates from '../features/duplicates/catalog/de.json' with { type: 'json' };
import enSavedReplies from '../features/saved-replies/catalog/en.json' with { type: 'json' };
import deSavedReplies from '../features/saved-replies/catalog/de.json' with { type: 'json' };
import enPreferences from '../features/preferences/catalog/en.json' with { type: 'json' };
import dePreferences from '../features/preferences/catalog/de.json' with { type: 'json' };
import enSpaces from '../features/spaces/catalog/en.json' with { type: 'json' };
import deSpaces from '../features/spaces/catalog/de.json' with { type: 'json' };
import enSearch from '../features/search/catalog/en.json' with { type: 'json' };
import deSearch from '../features/search/catalog/de.json' with { type: 'json' };
import enStorms from '../features/storms/catalog/en.json' with { type: 'json' };
import deStorms from '../features/storms/catalog/de.json' with { type: 'json' };
import enLanguage from '../features/language/catalog/en.json' with { type: 'json' };
import deLanguage from '../features/language/catalog/de.json' with { type: 'json' };
import enRouting from '../features/routing/catalog/en.json' with { type: 'json' };
import deRouting from '../features/routing/catalog/de.json' with { type: 'json' };
import enReports from '../features/reports/catalog/en.json' with { type: 'json' };
import deReports from '../features/reports/catalog/de.json' with { type: 'json' };
import enSla from '../features/sla/catalog/en.json' with { type: 'json' };
import deSla from '../features/sla/catalog/de.json' with { type: 'json' };
import enSurveys from '../features/surveys/catalog/en.json' with { type: 'json' };
import deSurveys from '../features/surveys/catalog/de.json' with { type: 'json' };
import enDigests from '../features/digests/catalog/en.json' with { type: 'json' };
import deDigests from '../features/digests/catalog/de.json' with { type: 'json' };

/** A namespace name. */
export type Namespace = (typeof NAMESPACES)[number];

/** A catalog: nested objects whose leaves are strings with {{variables}}. */
export interface Catalog {
  [key: string]: string | Catalog;
}

/** Every language's catalogs by namespace; `en` is complete and the fallback for every other. */
export const CATALOGS: Record<string, Record<Namespace, Catalog>> = {
  en: { common: enCommon, commands: enCommands, views: enViews, notify: enNotify, helpdesk: enHelpdesk, teams: enTeams, slack: enSlack, files: enFiles, answers: enAnswers, duplicates: enDuplicates, 'saved-replies': enSavedReplies, preferences: enPreferences, spaces: enSpaces, search: enSearch, storms: enStorms, language: enLanguage, routing: enRouting, reports: enReports, sla: enSla, surveys: enSurveys, digests: enDigests },
  de: { common: deCommon, commands: deCommands, views: deViews, notify: deNotify, helpdesk: deHelpdesk, teams: deTeams, slack: deSlack, files: deFiles, answers: deAnswers, duplicates: deDuplicates, 'saved-replies': deSavedReplies, preferences: dePreferences, spaces: deSpaces, search: deSearch, storms: deStorms, language: deLanguage, routing: deRouting, reports: deReports, sla: deSla, surveys: deSurveys, digests: deDigests },
};
