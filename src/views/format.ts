/** Display helpers shared by the view builders. */
import { DateTime, IANAZone } from 'luxon';
import { normalizeLocale, type Translate } from '../i18n';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(iso: string | undefined): Date | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : d;
}

/**
 * ISO timestamp -> "22 Nov 2026 14:05 UTC" (German "22. Nov. 2026, 14:05 UTC"): plain text says
 * UTC outright, because it is read in every time zone; an unreadable value is shown as it is.
 */
export function formatDate(iso: string | undefined, locale?: string, zone?: string): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  const lng = normalizeLocale(locale);
  // In the reader's own zone when it is known: the date then reads as their clock shows it, named.
  if (zone && IANAZone.isValidZone(zone)) {
    return DateTime.fromJSDate(d, { zone }).setLocale(lng).toLocaleString({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
  }
  if (lng !== 'en') {
    const f = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
    return `${f.format(d)} UTC`;
  }
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${hh}:${mm} UTC`;
}

/** ISO date -> "22 Nov 2026" (no time), for warranty dates; German "22. Nov. 2026". */
export function formatDay(iso: string | undefined, locale?: string): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  const lng = normalizeLocale(locale);
  if (lng !== 'en') return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** What kind of stored value a label names. */
export type ValueKind = 'status' | 'priority' | 'category';

/**
 * A status, priority or category as the reader's language says it. SharePoint keeps the value as
 * it is; a value the catalogs do not know (a deployment's own) is shown unchanged.
 */
export function valueLabel(t: Translate, kind: ValueKind, value: string): string {
  if (!value) return value;
  const slug = value.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return t(`views:values.${kind}.${slug}`, { defaultValue: value });
}

// What statuses mean and how values and addresses compare live in src/core/vocabulary.ts.
export { isDone, matchValue, reopenStatus, resolvedStatus, sameAddress as sameEmail, workingStatus } from '../core/vocabulary';
