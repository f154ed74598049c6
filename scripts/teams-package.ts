/**
 * Builds the Teams app package: manifest.json with the bot id filled in, plus the two icons,
 * zipped at the root as Teams admin center and sideloading expect.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AdmZip from 'adm-zip';
import { teamsCommandLists } from '../src/commands';

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
    throw new TeamsPackageError(`TEAMS_APP_DOMAIN must be a host name such as helpdesk.contoso.com (got "${raw}")`);
  }
  return host.toLowerCase();
}

/** manifest.json with the placeholders filled from configuration, as an object. */
export function filledManifest(env: Env, manifestDir = TEAMS_MANIFEST_DIR): Record<string, unknown> {
  const botId = botIdFrom(env);
  const text = readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8').split(BOT_ID_PLACEHOLDER).join(botId);
  const manifest = JSON.parse(text) as Record<string, unknown> & { validDomains?: string[]; bots?: Record<string, unknown>[] };
  // The command menus come from the command declarations, so they cannot drift from help.
  for (const bot of manifest.bots ?? []) bot.commandLists = teamsCommandLists();
  const domain = domainFrom(env);
  if (domain) {
    const domains = manifest.validDomains ?? [];
    if (!domains.includes(domain)) manifest.validDomains = [...domains, domain];
  }
  return manifest;
}

/** Writes `<outDir>/helpdesk-teams.zip` (manifest.json, color.png, outline.png at the root); returns its path. */
export function buildTeamsPackage(env: Env, outDir: string, manifestDir = TEAMS_MANIFEST_DIR): string {
  const manifest = filledManifest(env, manifestDir) as { icons: { color: string; outline: string } };
  const zip = new AdmZip();
  zip.addFile('manifest.json', Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'));
  for (const icon of [manifest.icons.color, manifest.icons.outline]) {
    zip.addFile(icon, readFileSync(path.join(manifestDir, icon)));
  }
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, PACKAGE_FILE);
  zip.writeZip(file);
  return file;
}
