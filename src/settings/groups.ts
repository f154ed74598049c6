/**
 * The settings groups that need more than one variable read together: where the help desk is,
 * the Teams and Slack credentials, the listening host, the store and the ticket vocabulary.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { ticketUrlPatternProblem } from '../core/search';
import { DEFAULT_STATUS_ROLES, vocabularyProblem, type StatusRoles } from '../core/vocabulary';
import { ConfigError, guid, httpsUrl, list, oneOf, problems, value, type Env } from './read';
import { readStatusRoles } from './roles';

/** Where the help-desk data lives: a real tenant, or the embedded site started in-process. */
export type HelpdeskTarget =
  | {
      kind: 'tenant';
      tenantId: string;
      clientId: string;
      /** Either an inline secret or a file that is re-read when the identity provider rejects it. */
      secret: { kind: 'inline'; value: string } | { kind: 'file'; path: string };
      siteId: string;
    }
  | { kind: 'embedded' };

/** The Bot Framework registration; no app id means local use. */
export interface TeamsSettings {
  /** Undefined = local use: the server binds to loopback and accepts unauthenticated requests. */
  appId?: string;
  appPassword?: string;
  appTenantId?: string;
  appType: 'MultiTenant' | 'SingleTenant' | 'UserAssignedMSI';
  /** Where the Bot Framework publishes its signing keys (default: its own); tests point it at a local server. */
  openIdMetadataUrl?: string;
}

/** The Slack app's tokens; present only when Slack is configured. */
export interface SlackSettings {
  botToken: string;
  signingSecret: string;
  appToken?: string;
  apiUrl?: string;
}

/** The help desk's value sets and their roles (which statuses are open, which priorities high). */
export interface VocabularySettings {
  priorities: readonly string[];
  categories: readonly string[];
  statuses: readonly string[];
  openStatuses: readonly string[];
  highPriorities: readonly string[];
  /** What each status means (HELPDESK_STATUS_NEW, _WORKING, _WAITING, _DONE; see ./roles.ts). */
  statusRoles: StatusRoles;
}

/** Default value sets for what the spec calls "not shown"; override with the HELPDESK_* lists. */
export const DEFAULT_PRIORITIES = ['Low', 'Normal', 'High', 'Urgent'] as const;
export const DEFAULT_CATEGORIES = ['Hardware', 'Software', 'Access', 'Network', 'Facilities', 'Other'] as const;
export const DEFAULT_STATUSES = ['New', 'Assigned', 'In Progress', 'Waiting', 'Resolved', 'Closed'] as const;
export const DEFAULT_OPEN_STATUSES = ['New', 'Assigned', 'In Progress'] as const;
export const DEFAULT_HIGH_PRIORITIES = ['High', 'Urgent'] as const;
/** All of them, as the settings hold them when no HELPDESK_* list changes them. */
export const DEFAULT_VOCABULARY: VocabularySettings = {
  priorities: DEFAULT_PRIORITIES,
  categories: DEFAULT_CATEGORIES,
  statuses: DEFAULT_STATUSES,
  openStatuses: DEFAULT_OPEN_STATUSES,
  highPriorities: DEFAULT_HIGH_PRIORITIES,
  statusRoles: DEFAULT_STATUS_ROLES,
};

const SITE_ID = /^[^,\s]+,[0-9a-f-]{36},[0-9a-f-]{36}$/i;
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i;
const APP_TYPES = ['MultiTenant', 'SingleTenant', 'UserAssignedMSI'] as const;

/** HOST: an IP address or host name to listen on (default 127.0.0.1). */
export function readHost(env: Env): string {
  const raw = value(env, 'HOST') ?? '127.0.0.1';
  if (!isIP(raw) && !HOST_NAME.test(raw)) {
    throw new ConfigError('HOST', `must be an IP address or host name to listen on, e.g. 127.0.0.1 or 0.0.0.0 (got "${raw}")`);
  }
  return raw;
}

/** HELPDESK_TICKET_URL_PATTERN: the portal's ticket URL with `{id}`, if set. */
export function readTicketUrlPattern(env: Env): string | undefined {
  const raw = value(env, 'HELPDESK_TICKET_URL_PATTERN');
  const problem = raw === undefined ? undefined : ticketUrlPatternProblem(raw);
  if (problem) throw new ConfigError('HELPDESK_TICKET_URL_PATTERN', problem);
  return raw;
}

/** HELPDESK_SITE_ID and its credentials; no site id means the embedded site. Every missing one is named at once. */
export function readTarget(env: Env): HelpdeskTarget {
  const siteId = value(env, 'HELPDESK_SITE_ID');
  if (siteId === undefined) return { kind: 'embedded' };
  const found = problems();
  if (!SITE_ID.test(siteId)) {
    found.add(new ConfigError('HELPDESK_SITE_ID', `must look like "<host>,<guid>,<guid>" (got "${siteId}")`));
  }
  const tenantId = found.read(() => guid(env, 'HELPDESK_TENANT_ID'), '');
  const clientId = found.read(() => guid(env, 'HELPDESK_CLIENT_ID'), '');
  const inline = value(env, 'HELPDESK_CLIENT_SECRET');
  const file = value(env, 'HELPDESK_CLIENT_SECRET_FILE');
  let secret: Extract<HelpdeskTarget, { kind: 'tenant' }>['secret'] = { kind: 'inline', value: inline ?? '' };
  if (inline && file) {
    found.add(new ConfigError('HELPDESK_CLIENT_SECRET', 'set either HELPDESK_CLIENT_SECRET or HELPDESK_CLIENT_SECRET_FILE, not both'));
  } else if (file) {
    try {
      readFileSync(file, 'utf8');
    } catch (err) {
      found.add(new ConfigError('HELPDESK_CLIENT_SECRET_FILE', `cannot read "${file}" (${(err as NodeJS.ErrnoException).code})`));
    }
    secret = { kind: 'file', path: file };
  } else if (!inline) {
    found.add(new ConfigError('HELPDESK_CLIENT_SECRET', 'or HELPDESK_CLIENT_SECRET_FILE is required when HELPDESK_SITE_ID is set'));
  }
  found.done();
  return { kind: 'tenant', tenantId, clientId, siteId, secret };
}

/** The status and priority lists and their roles, checked against each other (what roles mean lives in src/core/vocabulary.ts). */
export function readRoles(env: Env): Omit<VocabularySettings, 'categories'> {
  const openStatuses = list(env, 'HELPDESK_OPEN_STATUSES', DEFAULT_OPEN_STATUSES);
  const statuses = list(env, 'HELPDESK_STATUSES', DEFAULT_STATUSES);
  const priorities = list(env, 'HELPDESK_PRIORITIES', DEFAULT_PRIORITIES);
  const highPriorities = list(env, 'HELPDESK_HIGH_PRIORITIES', DEFAULT_HIGH_PRIORITIES);
  const statusRoles = readStatusRoles(env);
  const problem = vocabularyProblem({ statuses, openStatuses, priorities, highPriorities, categories: [], statusRoles });
  if (problem) throw new ConfigError(problem.variable, problem.message);
  return { priorities, statuses, openStatuses, highPriorities, statusRoles };
}

/** HELPDESK_CATEGORIES: the categories a ticket may have. */
export function readCategories(env: Env): readonly string[] {
  return list(env, 'HELPDESK_CATEGORIES', DEFAULT_CATEGORIES);
}

/** SLACK_*: undefined when none is set (the Slack channel is off). Every problem is named at once. */
export function readSlack(env: Env): SlackSettings | undefined {
  const botToken = value(env, 'SLACK_BOT_TOKEN');
  const signingSecret = value(env, 'SLACK_SIGNING_SECRET');
  const appToken = value(env, 'SLACK_APP_TOKEN');
  if (!botToken && !signingSecret && !appToken) return undefined;
  const found = problems();
  if (!botToken) found.add(new ConfigError('SLACK_BOT_TOKEN', 'is required when any SLACK_* setting is present'));
  else if (!botToken.startsWith('xoxb-')) found.add(new ConfigError('SLACK_BOT_TOKEN', 'must be a bot token starting with "xoxb-"'));
  if (!signingSecret) found.add(new ConfigError('SLACK_SIGNING_SECRET', `is required when ${botToken ? 'SLACK_BOT_TOKEN' : 'any SLACK_* setting'} is set`));
  if (appToken && !appToken.startsWith('xapp-')) found.add(new ConfigError('SLACK_APP_TOKEN', 'must be an app-level token starting with "xapp-"'));
  const apiUrl = value(env, 'SLACK_API_URL');
  if (apiUrl !== undefined) found.read(() => httpsUrl(env, 'SLACK_API_URL', apiUrl), apiUrl);
  found.done();
  return { botToken: botToken!, signingSecret: signingSecret!, appToken, apiUrl: apiUrl && (apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`) };
}

/**
 * Microsoft* : the Bot Framework registration. MicrosoftAppType defaults to SingleTenant: Azure
 * has not created multi-tenant bots since July 2025. Nothing is required without MicrosoftAppId.
 */
export function readTeams(env: Env): TeamsSettings {
  const found = problems();
  const typeSet = value(env, 'MicrosoftAppType') !== undefined;
  const appType = found.read(() => oneOf(env, 'MicrosoftAppType', APP_TYPES, 'SingleTenant'), 'SingleTenant');
  const appId = value(env, 'MicrosoftAppId');
  const appPassword = value(env, 'MicrosoftAppPassword');
  const appTenantId = value(env, 'MicrosoftAppTenantId');
  if (appId && appType !== 'UserAssignedMSI' && !appPassword) {
    found.add(new ConfigError('MicrosoftAppPassword', 'is required when MicrosoftAppId is set'));
  }
  if (appId && appType === 'SingleTenant' && !appTenantId) {
    found.add(
      new ConfigError(
        'MicrosoftAppTenantId',
        typeSet
          ? 'is required when MicrosoftAppType is SingleTenant'
          : 'is required when MicrosoftAppId is set: MicrosoftAppType now defaults to SingleTenant (Azure creates no new multi-tenant bots since July 2025). ' +
              "Set MicrosoftAppTenantId to your bot's tenant id, or set MicrosoftAppType=MultiTenant to keep the old behaviour",
      ),
    );
  }
  found.done();
  return { appId, appPassword, appTenantId, appType };
}

/** DATABASE_URL: a PostgreSQL URL, or undefined for SQLite. */
export function readDatabaseUrl(env: Env): string | undefined {
  const raw = value(env, 'DATABASE_URL');
  if (raw === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // Not a URL: refused below, without repeating the value.
    url = undefined;
  }
  // The message never repeats the value: it usually carries a password.
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')) {
    throw new ConfigError('DATABASE_URL', 'must be a PostgreSQL URL like postgres://user:password@host:5432/helpdesk');
  }
  return raw;
}
