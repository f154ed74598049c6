/** What a German reader sees on a surface, and the English in it: shared by the German surface tests. */
import { COMMAND_DECLARATIONS } from '../../src/commands/registry';
import { homeView } from '../../src/channels/slack/blocks/home';
import { renderMessage } from '../../src/channels/slack/blocks/message';
import { formModal, viewModal } from '../../src/channels/slack/blocks/modal';
import { CATALOGS, NAMESPACES, type Catalog } from '../../src/i18n';
import { homeActions } from '../../src/views/help-view';
import type { View } from '../../src/views/types';

function leaves(catalog: Catalog, prefix: string, out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(catalog)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else leaves(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** English catalog texts German says differently (the Teams store texts are no chat surface). */
function englishOnly(): { exact: Set<string>; patterns: RegExp[] } {
  const exact = new Set<string>();
  const patterns: RegExp[] = [];
  for (const ns of NAMESPACES) {
    const de = leaves(CATALOGS.de[ns], `${ns}:`);
    for (const [key, en] of leaves(CATALOGS.en[ns], `${ns}:`)) {
      if (de.get(key) === en || key.startsWith('teams:manifest.')) continue;
      if (!en.includes('{{')) exact.add(en.trim());
      // A message with variables: its words must be long enough to mean something on their own.
      else if (en.replace(/\{\{[^}]*\}\}/g, '').replace(/[^A-Za-z]/g, '').length >= 6) {
        const body = en.split(/\{\{[^}]*\}\}/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?');
        patterns.push(new RegExp(`^${body}$`, 's'));
      }
    }
  }
  return { exact, patterns };
}

const ENGLISH = englishOnly();

/** A visible string and the pieces a layout joins it from ("Status · Priorität", lines). */
function pieces(text: string): string[] {
  const whole = text.trim();
  return [whole, ...whole.split(/\n+|\s·\s|\s—\s/).map((p) => p.trim())].filter(Boolean);
}

/** The words people type are English in every language (README): help shows them as they are. */
const COMMAND_WORDS = new Set(COMMAND_DECLARATIONS.map((c) => c.name));

export function english(texts: string[]): string[] {
  return [...new Set(texts.flatMap(pieces))].filter((p) => !COMMAND_WORDS.has(p) && (ENGLISH.exact.has(p) || ENGLISH.patterns.some((r) => r.test(p))));
}

/** What a Teams card shows: text, titles, fact values, labels, placeholders, errors (not input values or button data). */
export function teamsTexts(card: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, parentKey = ''): void => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, parentKey));
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'string') {
        const fact = k === 'value' && !('type' in o) && parentKey === 'facts';
        if (['text', 'title', 'placeholder', 'label', 'errorMessage'].includes(k) || fact) out.push(v);
      } else if (k !== 'data') walk(v, k);
    }
  };
  walk(card);
  // Markdown escapes are not seen; DATE()/TIME() become the reader's own date.
  return out.map((t) => t.replace(/\{\{(DATE|TIME)\([^)]*\)\}\}/g, '⟨date⟩').replace(/\\(.)/g, '$1'));
}

/** What a Slack surface shows: its fallback text and every plain_text and mrkdwn object. */
export function slackTexts(body: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if ((o.type === 'mrkdwn' || o.type === 'plain_text') && typeof o.text === 'string') out.push(o.text);
    for (const v of Object.values(o)) walk(v);
  };
  const top = (body as { text?: unknown }).text;
  if (typeof top === 'string') out.push(top);
  walk(body);
  return out.map((t) =>
    t
      .replace(/<!date\^\d+\^[^|>]*\|[^>]*>/g, '⟨date⟩')
      .replace(/<[^|>]+\|([^>]*)>/g, '$1')
      .replace(/:[a-z_]+:\s?/g, '')
      .replace(/(^|\s)[*_]+|[*_]+(?=\s|$|:)/g, '$1')
      .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  );
}

/** A clock time shown as plain text instead of the platform's own date: two forms of a date on one surface. */
export function plainDates(texts: string[]): string[] {
  return texts.filter((t) => /\b\d{1,2}:\d{2}\b/.test(t));
}

const PEOPLE: [string, string][] = [
  ['Patti Fernandez', 'pattif@example.com'],
  ['Diego Siciliani', 'diegos@example.com'],
  ['Megan Bowen', 'meganb@example.com'],
  ['Alex Wilber', 'alexw@example.com'],
];

/** People shown in more than one form on one surface (by name here, by address there). */
export function mixedPeople(texts: string[]): string[] {
  const all = texts.join('\n');
  const mixed: string[] = [];
  for (const [name, address] of PEOPLE) {
    const both = `${name} (${address})`;
    const rest = all.split(both).join('');
    const forms = [all.includes(both), rest.includes(name), rest.includes(address)].filter(Boolean).length;
    if (forms > 1) mixed.push(name);
  }
  return mixed;
}

/** Every Slack surface a view reaches: a message, a modal (forms), and App Home (lists). */
export function slackSurfaces(name: string, view: View): [string, unknown][] {
  const out: [string, unknown][] = [[`${name} message`, renderMessage(view)]];
  if (view.type === 'form') out.push([`${name} modal`, formModal(view.form)]);
  else out.push([`${name} in a modal`, viewModal('Helpdesk', view, 'de')]);
  if (view.type === 'ticket-list') out.push([`${name} home`, homeView({ mine: view, actions: homeActions('de') })]);
  return out;
}


/** English words for values and clock names (views:values.*, sla:clock.name.*) German says differently. */
function englishTerms(): string[] {
  const de = new Map([...leaves(CATALOGS.de.views, 'views:'), ...leaves(CATALOGS.de.sla, 'sla:')]);
  return [...leaves(CATALOGS.en.views, 'views:'), ...leaves(CATALOGS.en.sla, 'sla:')]
    .filter(([key, en]) => (key.startsWith('views:values.') || key.startsWith('sla:clock.name.')) && de.get(key) !== en && !en.includes('{{'))
    .map(([, en]) => en);
}
const TERMS = englishTerms();

/** An English value or clock name inside German text ("Priorität High", "First response"). */
export function englishWords(texts: string[]): string[] {
  return texts.flatMap((t) => TERMS.filter((w) => new RegExp(`(^|[^\\p{L}])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(t)).map((w) => `${w} in “${t}”`));
}

/** A date in an English form: weekday or month names as English writes them ("skipped Sat–Sun"), 12-hour clocks, "27 Nov 2026". */
const ENGLISH_DATE = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)(day)?\b|\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}\b|\b\d{1,2}:\d{2} ?[AP]M\b|\b\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}\b/;

/** Dates written in an English form. */
export function englishDates(texts: string[]): string[] {
  return texts.filter((t) => ENGLISH_DATE.test(t));
}
