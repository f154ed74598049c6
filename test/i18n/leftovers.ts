/**
 * "No leftover English": the English catalog texts whose German differs, as fragments long enough
 * to be unambiguous (the parts between {{variables}} with two words or more), found in what a
 * German reader was shown. Texts still written as literals in the core (src/views, src/commands…,
 * converted on their own branch) are not counted until they move into the catalogs.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { CATALOGS, type Catalog, type Namespace } from '../../src/i18n';

function leaves(catalog: Catalog, out: [string, string][] = [], prefix = ''): [string, string][] {
  for (const [k, v] of Object.entries(catalog)) {
    if (typeof v === 'string') out.push([`${prefix}${k}`, v]);
    else leaves(v, out, `${prefix}${k}.`);
  }
  return out;
}

function sources(dir: string): string {
  let all = '';
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) all += sources(file);
    else if (name.endsWith('.ts')) all += readFileSync(file, 'utf8');
  }
  return all;
}

const CORE = ['src/views', 'src/commands', 'src/core', 'src/helpdesk', 'src/notify', 'src/features'].map((d) => sources(path.resolve(d))).join('\n');

/** The Teams manifest's texts are for the app store page, not the chat. */
const NOT_IN_CHAT = /^manifest\./;

/** English fragments of every message German says differently, in `namespaces`. */
export function englishOnlyFragments(namespaces: readonly Namespace[], lng = 'de'): string[] {
  const out = new Set<string>();
  for (const ns of namespaces) {
    const theirs = new Map(leaves(CATALOGS[lng][ns]));
    for (const [key, english] of leaves(CATALOGS.en[ns])) {
      if (theirs.get(key) === english || NOT_IN_CHAT.test(key)) continue;
      for (const raw of english.split(/\{\{[^}]*\}\}/)) {
        const part = raw.trim();
        if (/[A-Za-z]{2,}\W+[A-Za-z]/.test(part) && !CORE.includes(part)) out.add(part);
      }
    }
  }
  return [...out];
}

/** The features whose words moved out of the core namespaces below into their own folder's catalog. */
const FEATURE_WORDS: readonly Namespace[] = ['saved-replies', 'preferences', 'spaces', 'search', 'storms', 'language', 'sla', 'surveys'];

/** The English fragments found in `shown` (empty when everything with a German form is German). */
export function leftoverEnglish(shown: string, namespaces: readonly Namespace[] = ['common', 'commands', 'views', 'notify', 'teams', 'slack', ...FEATURE_WORDS], lng = 'de'): string[] {
  return englishOnlyFragments(namespaces, lng).filter((f) => shown.includes(f));
}
