/** `npm run package:teams`: writes manifest/teams/build/helpdesk-teams.zip ready to upload to Teams. */
import AdmZip from 'adm-zip';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the manifest sources live. */
export const MANIFEST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../manifest/teams');

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Options for building the app package. */
export interface PackageTeamsConfig {
  env: Record<string, string | undefined>;
  outFile?: string;
}

/** The manifest with the bot id (and optional domain) filled in; throws naming the missing variable. */
export function fillManifest(env: Record<string, string | undefined>): Record<string, unknown> {
  const botId = (env.MicrosoftAppId || env.TEAMS_APP_BOT_ID || '').trim();
  if (!botId) {
    throw new Error('MicrosoftAppId (or TEAMS_APP_BOT_ID) is not set: it must be the Azure Bot app id to put in the Teams manifest');
  }
  if (!GUID.test(botId)) {
    throw new Error(`MicrosoftAppId must be a GUID such as 00000000-0000-0000-0000-000000000000, got "${botId}"`);
  }
  const text = readFileSync(path.join(MANIFEST_DIR, 'manifest.json'), 'utf8').replaceAll('${{BOT_ID}}', botId);
  const manifest = JSON.parse(text) as Record<string, unknown>;
  const domain = env.TEAMS_APP_DOMAIN?.trim();
  if (domain) {
    if (!/^[a-z0-9*.-]+(:\d+)?$/i.test(domain)) {
      throw new Error(`TEAMS_APP_DOMAIN must be a host name such as helpdesk.contoso.com, got "${domain}"`);
    }
    const domains = new Set((manifest.validDomains as string[] | undefined) ?? []);
    domains.add(domain);
    manifest.validDomains = [...domains];
  }
  return manifest;
}

/** Builds the zip (manifest.json, color.png, outline.png at the root) and returns its path. */
export function packageTeams(config: PackageTeamsConfig): string {
  const outFile = config.outFile ?? path.join(MANIFEST_DIR, 'build', 'helpdesk-teams.zip');
  const manifest = fillManifest(config.env);
  const zip = new AdmZip();
  zip.addFile('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
  for (const icon of ['color.png', 'outline.png']) {
    zip.addFile(icon, readFileSync(path.join(MANIFEST_DIR, icon)));
  }
  mkdirSync(path.dirname(outFile), { recursive: true });
  zip.writeZip(outFile);
  return outFile;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const out = packageTeams({ env: process.env });
    process.stdout.write(`Wrote ${out} — upload it in Teams (Apps > Manage your apps > Upload an app).\n`);
  } catch (err) {
    process.stderr.write(`package:teams: ${(err as Error).message}\n`);
    process.exit(1);
  }
}
