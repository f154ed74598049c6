/**
 * `npm run doctor`: checks a real tenant the way the bot will use it — token, the four lists,
 * the fields the product needs, spaces — and prints a ✔/✖ line per check with a fix for each ✖.
 */
import type { HelpdeskSettings } from '../config';
import { createLogger } from '../log';
import { isGraphError, type GraphError } from '../graph/errors';
import { createGraphClient } from '../graph';
import { createGraphHttp } from '../graph/http';
import { requiredFields, SPACE_FIELD } from '../helpdesk/fields';
import { fixLine, type FixContext } from './fixes';
import { checkIndexes } from './indexes';
import { createRetryNotes } from './retry-notes';
import { statusRoleLines } from './status-roles-check';
import { reportSiteSchema } from './site-schema-check';
import { FEATURES, type AnyFeature } from '../features';
import type { RetryConfig } from '../graph/retry';
import { createTokenSource, type SecretSource } from '../graph/token';
import type { ListItem, ListName } from '../graph/types';

/** Options for runDoctor. */
export interface DoctorConfig {
  /** Where each line goes as it is produced (default: nowhere; lines are also returned). */
  write?: (line: string) => void;
  retry?: Partial<RetryConfig>;
  /** HELPDESK_SLA_FILE, checked like start-up checks it. */
  slaFile?: string;
  /** HELPDESK_ROUTING_FILE, checked like start-up checks it. */
  routingFile?: string;
  /** The features whose checks run (default src/features/index.ts's list). */
  features?: readonly AnyFeature[];
  /** HELPDESK_ATTACHMENTS_FOLDER: the files feature's tenant check writes and deletes a probe file there (default ATTACHMENTS_FOLDER, src/helpdesk/fields.ts). */
  filesFolder?: string;
}

/** The doctor's verdict: ok when every check passed. */
export interface DoctorResult {
  ok: boolean;
  lines: string[];
}

interface Target {
  tenantId: string;
  clientId: string;
  secret: SecretSource;
  siteId: string;
  graphUrl: string;
  authUrl: string;
}

const LISTS: ListName[] = ['SD_Tickets', 'SD_Comments', 'SD_Agents', 'SD_Assets'];
// Graph leaves empty values out of `fields`, so several items are sampled before a field is called missing.
const SAMPLE = 20;
/** Like the bot, the doctor waits out a Retry-After of up to 10 s and a few 5xx before calling a check failed. */
export const DOCTOR_RETRY: RetryConfig = { maxAttempts: 5, baseDelayMs: 200, maxDelayMs: 2000, maxRetryAfterSeconds: 10 };

/** Runs every check against the configured tenant (or the embedded site when none is configured). */
export async function runDoctor(settings: HelpdeskSettings, config: DoctorConfig = {}): Promise<DoctorResult> {
  const lines: string[] = [];
  let ok = true;
  const say = (line: string) => {
    lines.push(line);
    config.write?.(line);
  };
  const pass = (line: string) => say(`✔ ${line}`);
  const fail = (line: string) => {
    ok = false;
    say(`✖ ${line}`);
  };

  let target: Target;
  let close: (() => Promise<void>) | undefined;
  if (settings.target.kind === 'embedded') {
    say('ℹ HELPDESK_SITE_ID is not set: the bot would run on the embedded help-desk site; checking that site in-process.');
    const { connectionFor, startEmulator } = await import('../emulator');
    const emu = await startEmulator({ seed: 'demo' });
    close = () => emu.close();
    target = connectionFor(emu);
  } else {
    target = { ...settings.target, graphUrl: settings.graphUrl, authUrl: settings.authUrl };
  }

  for (const feature of config.features ?? FEATURES) {
    for (const check of feature.doctor) {
      for (const v of await check({ priorities: settings.priorities, slaFile: config.slaFile, routingFile: config.routingFile })) ({ pass, fail, say })[v.kind](v.line);
    }
  }
  try {
    await check(settings, target, config, { pass, fail, say });
  } finally {
    await close?.();
  }
  return { ok, lines };
}

interface Say {
  pass(line: string): void;
  fail(line: string): void;
  say(line: string): void;
}

async function check(settings: HelpdeskSettings, target: Target, config: DoctorConfig, said: Say): Promise<void> {
  const logger = createLogger({ level: 'error', write: () => undefined });
  const notes = createRetryNotes();
  // Waits the Graph client rode out are told just before the verdict of the check they delayed.
  const flushed = (f: (line: string) => void) => (line: string) => {
    for (const n of notes.take()) said.say(n);
    f(line);
  };
  const out: Say = { pass: flushed(said.pass), fail: flushed(said.fail), say: flushed(said.say) };
  const fix: FixContext = { siteId: target.siteId, clientId: target.clientId, authUrl: target.authUrl, graphUrl: target.graphUrl, secretFromFile: target.secret.kind === 'file' };
  out.pass(`configuration: tenant ${target.tenantId}, client ${target.clientId}, site ${target.siteId}, graph ${target.graphUrl}, sign-in ${target.authUrl}`);
  for (const line of statusRoleLines(settings)) out.say(line);

  const tokens = createTokenSource({ ...target, logger });
  try {
    await tokens.getToken();
    out.pass(`token: app-only token issued by ${target.authUrl}/${target.tenantId} for ${target.graphUrl}/.default`);
  } catch (err) {
    out.fail(`token: ${describe(err, fix)}`);
    out.fail('lists: not checked (no token)');
    return;
  }

  const retry = { ...DOCTOR_RETRY, ...config.retry };
  const client = createGraphClient({ ...target, logger: notes.logger, tokens, retry });
  const http = createGraphHttp({ tokens, retry, logger: notes.logger, siteId: target.siteId });
  const siteBase = `${target.graphUrl.replace(/\/+$/, '')}/v1.0/sites/${encodeURIComponent(target.siteId).replace(/%2C/gi, ',')}`;
  const fields = requiredFields(settings.agentEmailField);
  let tickets: ListItem[] | undefined;
  for (const list of LISTS) {
    let items: ListItem[];
    try {
      items = (await client.listPage(list, { top: SAMPLE })).items;
    } catch (err) {
      out.fail(`${list}: ${describe(err, fix, list)}`);
      // A missing grant or an unreachable host fails every list alike; one line says it.
      if (isGraphError(err) && ['forbidden', 'network', 'auth', 'secret-rejected'].includes(err.kind)) {
        const rest = LISTS.slice(LISTS.indexOf(list) + 1);
        if (rest.length > 0) out.fail(`${rest.join(', ')}: not checked (same failure)`);
        return;
      }
      continue;
    }
    if (list === 'SD_Tickets') tickets = items;
    const seen = new Set(items.flatMap((i) => Object.keys(i.fields)));
    const missing = fields[list].filter((name) => !seen.has(name));
    if (items.length === 0) out.pass(`${list}: readable; empty, so its fields cannot be checked yet`);
    else if (missing.length === 0) out.pass(`${list}: readable; fields ${fields[list].join(', ')} present`);
    else {
      out.fail(
        `${list}: readable, but ${missing.join(', ')} not on any of the ${items.length} sampled items — ` +
          `check the column names in the list settings${list === 'SD_Agents' && missing.includes(settings.agentEmailField) ? ' or set HELPDESK_AGENT_EMAIL_FIELD' : ''} (Graph omits empty values, so an all-empty column looks missing too)`,
      );
    }
    try {
      const verdict = await checkIndexes(http, siteBase, list);
      (verdict.ok ? out.pass : out.fail)(verdict.line);
    } catch (err) {
      out.fail(`${list}: could not read its columns to check the indexes the bot needs: ${describe(err, fix, list)}`);
    }
  }

  // Every listed feature's checks that reach the tenant (files: the attachments folder must be writable).
  const doctorSettings = { priorities: settings.priorities, slaFile: config.slaFile, attachmentsFolder: config.filesFolder, routingFile: config.routingFile };
  for (const feature of config.features ?? FEATURES) {
    for (const tenantCheck of feature.tenantDoctor ?? []) {
      for (const v of await tenantCheck({ graph: client, logger: notes.logger, settings: doctorSettings })) out[v.kind](v.line);
    }
  }

  if (tickets === undefined) return;
  await reportSiteSchema(client, settings, tickets, out, (err) => describe(err, fix, 'SD_Tickets'));
  const spaces = tickets.some((t) => SPACE_FIELD in t.fields);
  if (spaces) out.pass(`spaces: available (${SPACE_FIELD} present on tickets, product 1.5+)${settings.spaceId ? `; bound to space ${settings.spaceId}` : ''}`);
  else if (settings.spaceId) out.fail(`spaces: HELPDESK_SPACE_ID is ${settings.spaceId} but no sampled ticket has ${SPACE_FIELD} — the help desk needs product 1.5+, or unset HELPDESK_SPACE_ID`);
  else out.say(`ℹ spaces: not available (no ${SPACE_FIELD} on sampled tickets; product before 1.5 or no ticket in a space yet)`);
}

function describe(err: unknown, fix: FixContext, list?: ListName): string {
  if (isGraphError(err)) return fixLine(err as GraphError, fix, list);
  return err instanceof Error ? err.message : String(err);
}
