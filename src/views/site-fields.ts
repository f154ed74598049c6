/**
 * The site's own ticket columns on forms and cards: the extra columns as form fields and as lines
 * on an agent's card, each labelled by the site's display name in the site's language and by the
 * catalogs' translation in another.
 * Renderers lay these out; a value a column's new type no longer fits is still shown as it is.
 */
import { matchValue, type SiteColumn, type Vocabulary } from '../core/vocabulary';
import type { ExtraValue } from '../helpdesk/types';
import { normalizeLocale, translator, type Translate } from '../i18n';
import { formatDate, formatDay } from './format';
import type { ExtraFieldView, ExtraLineView } from './types';

/** What comes before a column's name in an extra field's id: no known field starts with it. */
export const EXTRA_PREFIX = 'extra.';

/** The input id of an extra column's field. */
export const extraFieldId = (name: string): string => `${EXTRA_PREFIX}${name}`;

/** The language the site's display names are written in: the help desk's lists are English. */
const SITE_LANGUAGE = 'en';

/**
 * A column's name in the reader's language: in the site's own language the site's display name
 * ("Office location" wins over any shipped word); in another, the catalogs' translation
 * (`views:columns.<name>`, kept only in the other languages' catalogs), else the display name.
 */
function columnLabel(t: Translate, column: SiteColumn, locale: string | undefined): string {
  if (normalizeLocale(locale) === SITE_LANGUAGE) return column.label;
  return t(`views:columns.${column.name}`, { defaultValue: column.label });
}

const DAY = /^\d{4}-\d{2}-\d{2}/;
const fitsType = (type: SiteColumn['type'], value: string): boolean =>
  type === 'number' ? Number.isFinite(Number(value)) : type === 'boolean' ? value === 'true' || value === 'false' : type === 'dateTime' ? DAY.test(value) : true;

/** A ticket's extra values as a form holds them: text, `true`/`false`, a date as YYYY-MM-DD. */
export function extraFormValues(vocabulary: Vocabulary, extra: Readonly<Record<string, ExtraValue>> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const column of vocabulary.site?.extra ?? []) {
    const v = extra?.[column.name];
    if (v === undefined) continue;
    const text = String(v);
    out[extraFieldId(column.name)] = column.type === 'dateTime' && DAY.test(text) && !Number.isNaN(Date.parse(text)) ? text.slice(0, 10) : text;
  }
  return out;
}

/**
 * The extra columns as fields of a new-ticket (`creating`: the site's required ones required) or
 * edit form. `values` are what the form shows, so a held value stays visible and selectable.
 */
export function extraFields(vocabulary: Vocabulary, values: Readonly<Record<string, string>>, creating: boolean, locale?: string): ExtraFieldView[] {
  const t = translator(locale);
  return (vocabulary.site?.extra ?? []).map((column) => {
    const id = extraFieldId(column.name);
    const held = values[id] ?? '';
    const choices = (column.choices ?? []).map((value) => ({ value, title: value }));
    if (column.type === 'choice' && held && matchValue(column.choices ?? [], held) === undefined) choices.push({ value: held, title: held });
    const type = held && !fitsType(column.type, held) ? 'text' : column.type;
    return { id, label: columnLabel(t, column, locale), type, required: creating && column.required, choices };
  });
}

/** What a submitted form holds for the extra columns, by column name; undefined when it holds none. */
export function extraInput(values: Readonly<Record<string, string>> | undefined): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const [key, value] of Object.entries(values ?? {})) {
    if (key.startsWith(EXTRA_PREFIX) && key.length > EXTRA_PREFIX.length) (out ??= {})[key.slice(EXTRA_PREFIX.length)] = value;
  }
  return out;
}

/** A value as a reader reads it: yes/no in their language, a date (with its time unless midnight UTC), else as stored. */
function shown(t: Translate, column: SiteColumn, value: ExtraValue, locale: string | undefined): string {
  if (typeof value === 'boolean') return t(value ? 'views:values.yes' : 'views:values.no');
  if (column.type === 'dateTime' && typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value))) {
    return /T00:00(:00)?(\.0+)?Z$/.test(value) ? formatDay(value, locale) : formatDate(value, locale);
  }
  return String(value);
}

/** The lines of an agent's card for the extra columns the ticket has a value in. */
export function extraLines(vocabulary: Vocabulary, extra: Readonly<Record<string, ExtraValue>> | undefined, locale?: string): ExtraLineView[] {
  if (!extra) return [];
  const t = translator(locale);
  return (vocabulary.site?.extra ?? [])
    .filter((c) => extra[c.name] !== undefined && extra[c.name] !== '')
    .map((c) => ({ label: columnLabel(t, c, locale), value: shown(t, c, extra[c.name], locale) }));
}

/** The label of each extra column's field, by field id, for giving back what a form held. */
export function extraFieldLabels(vocabulary: Vocabulary | undefined, locale?: string): Record<string, string> {
  const t = translator(locale);
  return Object.fromEntries((vocabulary?.site?.extra ?? []).map((column) => [extraFieldId(column.name), columnLabel(t, column, locale)]));
}
