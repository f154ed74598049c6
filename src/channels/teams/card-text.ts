/**
 * The words and dates a Teams card shows besides the view's own text: the templates' static
 * labels in the reader's language, and timestamps as Adaptive Card DATE()/TIME() functions so
 * Teams shows them in each viewer's own locale and time zone.
 */
import { CATALOGS, translator, type Catalog, type Translate } from '../../i18n';

/** The catalog language of a card: the reader's locale as Teams gives it ('de-DE'), unknown -> English. */
export function cardTranslator(locale: string | undefined): Translate {
  return translator(locale);
}

const LABEL_KEYS = Object.keys((CATALOGS.en.teams as Catalog).labels as Catalog);

/**
 * Every static label the templates read as `${labels.x}` (`${$root.labels.x}` inside a `$data`
 * loop), so a template holds no words of its own.
 */
export function cardLabels(t: Translate): Record<string, string> {
  return Object.fromEntries(LABEL_KEYS.map((k) => [k, t(`teams:labels.${k}`)]));
}

/**
 * `{{DATE(2026-11-23T02:13:00Z, SHORT)}} {{TIME(2026-11-23T02:13:00Z)}}` for an ISO timestamp.
 * The functions want RFC 3339 to the second (no fraction), with Z or an offset; a value that is
 * no date is shown as `fallback` (the plain UTC text).
 */
export function cardDateTime(iso: string | undefined, fallback: string): string {
  const d = iso ? new Date(iso) : undefined;
  if (!d || Number.isNaN(d.getTime())) return fallback;
  const z = d.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return `{{DATE(${z}, SHORT)}} {{TIME(${z})}}`;
}
