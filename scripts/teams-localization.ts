/**
 * The Teams manifest in other languages: one localization file per catalog language besides
 * English (Teams' localization schema: `name.short`, `description.*` and indexed keys such as
 * `bots[0].commandLists[0].commands[2].description`), written from the `teams:manifest.*` catalog
 * entries so adding a language to src/i18n adds it to the Teams app too.
 */
import { FALLBACK_LOCALE, LOCALES, translator } from '../src/i18n';

/** The localization schema Teams validates the files against (same version as the manifest). */
const SCHEMA = (version: string) => `https://developer.microsoft.com/en-us/json-schemas/teams/v${version}/MicrosoftTeams.Localization.schema.json`;

/** The parts of the filled manifest a localization file names. */
export interface LocalizableManifest {
  manifestVersion: string;
  name: { short: string; full: string };
  bots?: { commandLists?: { commands: { title: string; description: string }[] }[] }[];
  composeExtensions?: { commands?: { id: string; parameters?: unknown[] }[] }[];
  localizationInfo?: { defaultLanguageTag: string; additionalLanguages?: { languageTag: string; file: string }[] };
}

/** Compose extension strings by command id: [title key, description key, parameter keys]. */
const EXTENSION_KEYS: Record<string, { title: string; description: string; parameter?: [string, string] }> = {
  createTicketFromMessage: { title: 'createTicketTitle', description: 'createTicketDescription' },
  searchTickets: { title: 'searchTitle', description: 'searchDescription', parameter: ['searchParameterTitle', 'searchParameterDescription'] },
};

/** One language's localization file for `manifest` (names stay the deployment's own: they are brand names). */
export function localizationFile(manifest: LocalizableManifest, lng: string): Record<string, string> {
  const t = translator(lng);
  const m = (key: string, fallback?: string) => t(`teams:manifest.${key}`, fallback === undefined ? undefined : { defaultValue: fallback });
  const out: Record<string, string> = {
    $schema: SCHEMA(manifest.manifestVersion),
    'name.short': manifest.name.short,
    'name.full': manifest.name.full,
    'description.short': m('descriptionShort'),
    // The app's name as the deployment set it (TEAMS_APP_NAME), not the default's.
    'description.full': t('teams:manifest.descriptionFull', { name: manifest.name.short }),
  };
  manifest.bots?.[0]?.commandLists?.forEach((list, i) =>
    list.commands.forEach((c, j) => {
      // A command added without a translation keeps its English description rather than a key name.
      out[`bots[0].commandLists[${i}].commands[${j}].description`] = m(`commands.${c.title}`, c.description);
    }),
  );
  manifest.composeExtensions?.[0]?.commands?.forEach((c, i) => {
    const keys = EXTENSION_KEYS[c.id];
    if (!keys) return;
    out[`composeExtensions[0].commands[${i}].title`] = m(keys.title);
    out[`composeExtensions[0].commands[${i}].description`] = m(keys.description);
    if (keys.parameter && c.parameters?.length) {
      out[`composeExtensions[0].commands[${i}].parameters[0].title`] = m(keys.parameter[0]);
      out[`composeExtensions[0].commands[${i}].parameters[0].description`] = m(keys.parameter[1]);
    }
  });
  return out;
}

/**
 * Adds every catalog language but English to `manifest.localizationInfo` and returns the files
 * to put next to manifest.json in the package (`de.json`, …).
 */
export function localize(manifest: LocalizableManifest): Record<string, Record<string, string>> {
  const others = LOCALES.filter((l) => l !== FALLBACK_LOCALE);
  manifest.localizationInfo = {
    defaultLanguageTag: FALLBACK_LOCALE,
    additionalLanguages: others.map((lng) => ({ languageTag: lng, file: `${lng}.json` })),
  };
  return Object.fromEntries(others.map((lng) => [`${lng}.json`, localizationFile(manifest, lng)]));
}
