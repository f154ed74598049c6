/**
 * Builds the Teams app package: manifest.json with the bot id and the organisation's branding
 * (TEAMS_APP_* settings) filled in, plus the two icons, zipped at the root as Teams admin center
 * and sideloading expect.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AdmZip from 'adm-zip';
import { teamsCommandLists } from '../src/commands';
import { localize, type LocalizableManifest } from './teams-localization';

/** The folder holding manifest.json and the icons. */
export const TEAMS_MANIFEST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../manifest/teams');

/** The placeholder in manifest.json replaced by the bot's Microsoft App ID. */
export const BOT_ID_PLACEHOLDER = '${{BOT_ID}}';

/** File name of the package inside the output folder. */
export const PACKAGE_FILE = 'helpdesk-teams.zip';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HOST = /^(\*\.)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/i;

type Env = Record<string, string | undefined>;

/** A setting the package cannot be built without, or one that is malformed; names the variable. */
export class TeamsPackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TeamsPackageError';
  }
}

function setting(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v ? v : undefined;
}

/** The bot id from TEAMS_APP_BOT_ID, else MicrosoftAppId; throws naming both when absent or not a GUID. */
export function botIdFrom(env: Env): string {
  const explicit = setting(env, 'TEAMS_APP_BOT_ID');
  const name = explicit ? 'TEAMS_APP_BOT_ID' : 'MicrosoftAppId';
  const id = explicit ?? setting(env, 'MicrosoftAppId');
  if (!id) {
    throw new TeamsPackageError(
      'TEAMS_APP_BOT_ID or MicrosoftAppId is required: set one to the bot\'s Microsoft App ID (a GUID from the Azure Bot resource or the Teams Developer Portal)',
    );
  }
  if (!GUID.test(id)) {
    throw new TeamsPackageError(`${name} must be a GUID, e.g. 00000000-0000-0000-0000-000000000000 (got "${id}"); set TEAMS_APP_BOT_ID or MicrosoftAppId`);
  }
  return id.toLowerCase();
}

/** The host name from TEAMS_APP_DOMAIN (a bare host, or a URL whose host is taken); undefined when unset. */
export function domainFrom(env: Env): string | undefined {
  const raw = setting(env, 'TEAMS_APP_DOMAIN');
  if (!raw) return undefined;
  let host = raw;
  if (/^[a-z]+:\/\//i.test(raw)) {
    try {
      host = new URL(raw).hostname;
    } catch {
      throw new TeamsPackageError(`TEAMS_APP_DOMAIN is not a host name or URL (got "${raw}")`);
    }
  }
  if (!HOST.test(host)) {
    throw new TeamsPackageError(`TEAMS_APP_DOMAIN must be a host name such as helpdesk.example.org (got "${raw}")`);
  }
  return host.toLowerCase();
}

/** The host of HELPDESK_TICKET_URL_PATTERN (the portal's ticket links), when set. */
export function portalDomainFrom(env: Env): string | undefined {
  const raw = setting(env, 'HELPDESK_TICKET_URL_PATTERN');
  if (!raw) return undefined;
  try {
    return new URL(raw.replace('{id}', '1')).hostname.toLowerCase();
  } catch {
    throw new TeamsPackageError(`HELPDESK_TICKET_URL_PATTERN is not a URL (got "${raw}")`);
  }
}

/** The organisation's name for the app, who publishes it, its links, version and colour. */
export interface Branding {
  name: string;
  fullName: string;
  developerName: string;
  websiteUrl: string;
  privacyUrl: string;
  termsUrl: string;
  version: string;
  accentColor: string;
}

/** Options for brandingFrom: production (NODE_ENV=production or --production) requires the developer's own details. */
export interface BrandingOptions {
  production?: boolean;
  /** Told about each setting that fell back to a development default. */
  warn?: (message: string) => void;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
/** Settings a production package cannot be built without: they are shown to every person who installs the app. */
export const REQUIRED_IN_PRODUCTION = ['TEAMS_APP_DEVELOPER_NAME', 'TEAMS_APP_WEBSITE_URL', 'TEAMS_APP_PRIVACY_URL', 'TEAMS_APP_TERMS_URL'] as const;
// Development stand-ins: example.com is reserved for documentation, so no real organisation is named.
const DEV_DEFAULTS: Record<(typeof REQUIRED_IN_PRODUCTION)[number], string> = {
  TEAMS_APP_DEVELOPER_NAME: 'Help-desk bot (development)',
  TEAMS_APP_WEBSITE_URL: 'https://example.com/helpdesk',
  TEAMS_APP_PRIVACY_URL: 'https://example.com/helpdesk/privacy',
  TEAMS_APP_TERMS_URL: 'https://example.com/helpdesk/terms',
};

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(path.resolve(TEAMS_MANIFEST_DIR, '../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

function text(env: Env, name: string, maxLength: number, fallback: string): string {
  const v = setting(env, name) ?? fallback;
  if (v.length > maxLength) throw new TeamsPackageError(`${name} must be at most ${maxLength} characters for Teams (got ${v.length}: "${v}")`);
  return v;
}

function httpsUrl(env: Env, name: string, fallback: string): string {
  const v = setting(env, name) ?? fallback;
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    throw new TeamsPackageError(`${name} must be an https URL (got "${v}")`);
  }
  if (url.protocol !== 'https:') throw new TeamsPackageError(`${name} must be an https URL; Teams refuses others (got "${v}")`);
  return v;
}

/** The branding from TEAMS_APP_* settings; throws naming the variable when one is missing (production) or malformed. */
export function brandingFrom(env: Env, options: BrandingOptions = {}): Branding {
  const missing = REQUIRED_IN_PRODUCTION.filter((name) => !setting(env, name));
  if (options.production && missing.length) {
    throw new TeamsPackageError(
      `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required for a production package: Teams shows them to everyone who installs the app (see .env.example)`,
    );
  }
  if (missing.length) options.warn?.(`${missing.join(', ')} not set: using development stand-ins on example.com; set them before uploading to your tenant`);
  const name = text(env, 'TEAMS_APP_NAME', 30, 'Help Desk');
  const full = `${name}: file, follow and work IT tickets`;
  const version = setting(env, 'TEAMS_APP_VERSION') ?? packageVersion();
  if (!SEMVER.test(version)) throw new TeamsPackageError(`TEAMS_APP_VERSION must be a version like 1.4.0 (got "${version}"); raise it for every upload`);
  const accentColor = setting(env, 'TEAMS_APP_ACCENT_COLOR') ?? '#2B6CB0';
  if (!HEX_COLOR.test(accentColor)) throw new TeamsPackageError(`TEAMS_APP_ACCENT_COLOR must be a colour like #2B6CB0 (got "${accentColor}")`);
  return {
    name,
    fullName: full.length <= 100 ? full : name,
    developerName: text(env, 'TEAMS_APP_DEVELOPER_NAME', 32, DEV_DEFAULTS.TEAMS_APP_DEVELOPER_NAME),
    websiteUrl: httpsUrl(env, 'TEAMS_APP_WEBSITE_URL', DEV_DEFAULTS.TEAMS_APP_WEBSITE_URL),
    privacyUrl: httpsUrl(env, 'TEAMS_APP_PRIVACY_URL', DEV_DEFAULTS.TEAMS_APP_PRIVACY_URL),
    termsUrl: httpsUrl(env, 'TEAMS_APP_TERMS_URL', DEV_DEFAULTS.TEAMS_APP_TERMS_URL),
    version,
    accentColor,
  };
}

/** manifest.json with the placeholders filled from configuration, as an object. */
export function filledManifest(env: Env, manifestDir = TEAMS_MANIFEST_DIR, options: BrandingOptions = {}): Record<string, unknown> {
  const botId = botIdFrom(env);
  const b = brandingFrom(env, options);
  const values: Record<string, string> = {
    BOT_ID: botId,
    TEAMS_APP_NAME: b.name,
    TEAMS_APP_NAME_FULL: b.fullName,
    TEAMS_APP_DEVELOPER_NAME: b.developerName,
    TEAMS_APP_WEBSITE_URL: b.websiteUrl,
    TEAMS_APP_PRIVACY_URL: b.privacyUrl,
    TEAMS_APP_TERMS_URL: b.termsUrl,
    TEAMS_APP_VERSION: b.version,
    TEAMS_APP_ACCENT_COLOR: b.accentColor,
  };
  // Values are JSON-escaped so a quote in a name cannot break the manifest.
  const text = readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8').replace(/\$\{\{([A-Z_]+)\}\}/g, (m, key: string) =>
    key in values ? JSON.stringify(values[key]).slice(1, -1) : m,
  );
  const manifest = JSON.parse(text) as Record<string, unknown> & { validDomains?: string[]; bots?: Record<string, unknown>[]; composeExtensions?: unknown[] };
  // The command menus come from the command declarations, so they cannot drift from help.
  for (const bot of manifest.bots ?? []) bot.commandLists = teamsCommandLists();
  // Pasted portal links are unfurled too: their host joins the SharePoint one in the link handler.
  const portal = portalDomainFrom(env);
  if (portal) {
    for (const ext of (manifest.composeExtensions ?? []) as { messageHandlers?: { type: string; value: { domains: string[] } }[] }[]) {
      for (const h of ext.messageHandlers ?? []) if (h.type === 'link' && !h.value.domains.includes(portal)) h.value.domains.push(portal);
    }
  }
  const domain = domainFrom(env);
  if (domain) {
    const domains = manifest.validDomains ?? [];
    if (!domains.includes(domain)) manifest.validDomains = [...domains, domain];
  }
  return manifest;
}

/** Writes `<outDir>/helpdesk-teams.zip` (manifest.json, a localization file per other language, color.png, outline.png at the root); returns its path. */
export function buildTeamsPackage(env: Env, outDir: string, manifestDir = TEAMS_MANIFEST_DIR, options: BrandingOptions = {}): string {
  const manifest = filledManifest(env, manifestDir, options) as unknown as LocalizableManifest & { icons: { color: string; outline: string } };
  const languages = localize(manifest);
  const zip = new AdmZip();
  zip.addFile('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
  for (const [file, strings] of Object.entries(languages)) zip.addFile(file, Buffer.from(`${JSON.stringify(strings, null, 2)}\n`, 'utf8'));
  for (const icon of [manifest.icons.color, manifest.icons.outline]) {
    zip.addFile(icon, readFileSync(path.join(manifestDir, icon)));
  }
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, PACKAGE_FILE);
  zip.writeZip(file);
  return file;
}
