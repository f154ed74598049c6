/**
 * Message catalogs and the reader's language. One i18next instance, initialised synchronously
 * from the imported catalogs; every user-facing string comes from `translator(locale)`.
 * Keys are `namespace:path.to.key` (e.g. `common:language.name`); see docs/design.md "Languages".
 */
import i18next, { type TFunction } from 'i18next';
import { CATALOGS, NAMESPACES, type Catalog, type Namespace } from './catalogs';

export { CATALOGS, NAMESPACES, type Catalog, type Namespace };

/** The language every other falls back to, key by key. */
export const FALLBACK_LOCALE = 'en';

/** The languages with a catalog, e.g. ['en', 'de']. */
export const LOCALES: readonly string[] = Object.keys(CATALOGS);

/** Looks up one message: `t('common:language.name')`, `t('ns:key', { id: 12 })`; `count` picks the plural form. */
export type Translate = (key: string, vars?: Record<string, unknown>) => string;

const instance = i18next.createInstance();
void instance.init({
  // Synchronous: the resources are in memory, so `t` works as soon as this module is loaded.
  initAsync: false,
  resources: CATALOGS,
  supportedLngs: [...LOCALES],
  fallbackLng: FALLBACK_LOCALE,
  ns: [...NAMESPACES],
  defaultNS: 'common',
  // Channels escape for their own markup (Adaptive Card text, Slack mrkdwn) when they render.
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  // Logs are JSON lines on stderr; i18next's console notice would break them.
  showSupportNotice: false,
});

/**
 * A platform locale as one of ours: 'de-DE', 'de_DE', 'DE' -> 'de'; anything without a catalog
 * (or nothing) -> `fallback`, itself normalised, else 'en'. Never throws.
 */
export function normalizeLocale(raw: string | undefined | null, fallback: string = FALLBACK_LOCALE): string {
  const base = (value: string | undefined | null) => (value ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const lng = base(raw);
  if (LOCALES.includes(lng)) return lng;
  const alt = base(fallback);
  return LOCALES.includes(alt) ? alt : FALLBACK_LOCALE;
}

/** True when `raw` names a language with a catalog (after normalising 'de-DE' to 'de'). */
export function isKnownLocale(raw: string | undefined | null): boolean {
  const lng = (raw ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return LOCALES.includes(lng);
}

const cache = new Map<string, Translate>();

/** More distinct keys than the catalogs hold means keys are being built from data: stop remembering. */
const PLAIN_CACHE_LIMIT = 4096;

/** The message function for a reader's locale (normalised; unknown -> English). */
export function translator(locale?: string | null, fallback?: string): Translate {
  const lng = normalizeLocale(locale, fallback);
  let t = cache.get(lng);
  if (!t) {
    const fixed: TFunction = instance.getFixedT(lng);
    // The catalogs never change after load, so a message without variables is the same every time;
    // i18next's lookup (key parsing, fallbacks, post-processing) costs microseconds per call, and a
    // card reads dozens of labels per turn.
    const plain = new Map<string, string>();
    t = (key, vars) => {
      if (vars) return String(fixed(key, vars as never));
      let text = plain.get(key);
      if (text === undefined) {
        text = String(fixed(key));
        if (plain.size < PLAIN_CACHE_LIMIT) plain.set(key, text);
      }
      return text;
    };
    cache.set(lng, t);
  }
  return t;
}

/** English messages: logs-adjacent texts and tests that need the default wording. */
export const english: Translate = translator(FALLBACK_LOCALE);
