/**
 * The feature contract: everything a capability beyond the ticket core adds, in one object. The
 * host (src/features/index.ts's list, read by the command registry, the poller and the doctor)
 * knows no feature by name; a feature sees only the services it names in `needs`, plus its own
 * typed handle on the tables its migrations make, and what its own `open` step made of its settings
 * and settings files. Nothing in it is optional at run time: a feature that is off is not in the list.
 */
import type { Kysely } from 'kysely';
import type { CommandDeclaration } from '../commands/declaration';
import type { CommandExtension } from '../commands/extensions';
import type { CardHook } from '../commands/card-hooks';
import type { CommandContext, CommandInput, Reply } from '../commands/types';
import type { GraphClient } from '../graph';
import type { HelpdeskService, Vocabulary } from '../helpdesk/types';
import type { Logger } from '../log';
import type { Store } from '../store/types';
import type { PolicySource } from './sla/policy-source';
import type { FileIntake, FileSource, Platform, SlackPresencePort, SurveyScale } from '../core';
import type { ChangeFeed } from '../helpdesk/changes';
import type { CycleHook, FeatureTimer, OutboxService, PersonPreferences, PlanHook, TicketIndexer } from '../notify/ports';
import type { AssignmentReasonOf } from '../notify/ports';

/**
 * What the listed features' `open` steps supply to one another (src/features/open.ts gathers them
 * before binding): a service more than one feature reads, made from one feature's settings file.
 * Undefined when no listed feature supplies it (its file is not set, or its feature is off the list).
 */
export interface SuppliedServices {
  /** HELPDESK_SLA_FILE's policy as it is now: the sla feature opens it; digests, reports, storms and routing read it. */
  slaPolicy: PolicySource | undefined;
}

/** What the host has before any feature has opened its files: nothing supplied. */
export const NOTHING_SUPPLIED: Readonly<SuppliedServices> = Object.freeze({ slaPolicy: undefined });

/** What the host can hand a feature; a feature names the ones it uses in `needs`. */
export interface HostServices extends SuppliedServices {
  /** The ticket service (every read and write of tickets and comments, with its authorization). */
  helpdesk: HelpdeskService;
  /** The feature's logger (a child of the process's, bound to `{ feature: name }`). */
  logger: Logger;
  /** The desk's statuses, priorities and their roles. */
  vocabulary: Vocabulary;
  /** HELPDESK_LOCALE, normalized: the language of conversations and people with none of their own. */
  locale: string;
  /** HELPDESK_TIME_ZONE: the zone of dates for people whose client never said theirs. */
  timeZone: string;
  /** Slack's view of people (presence, status, Do Not Disturb) through the Slack channel's client once it has started; undefined when Slack is off. */
  slackPresence: SlackPresencePort | undefined;
  /** The clock (tests pin it). */
  now: () => Date;
  /** The bot's Graph client (the files feature reads a ticket's folder of the site's library with it). */
  graph: GraphClient;
  /** The tables that still live in src/store (until they move into the features that own them). */
  store: Store;
  /** What changed on the help desk, as the poller reads it (the SLA clocks' full scan reads every ticket through it). */
  feed: ChangeFeed;
  /** The outbox: a post in a conversation, the same post in every subscribed one, a DM to one person (src/notify/ports.ts). */
  outbox: OutboxService;
}

/** A numbered change to the tables a feature owns, run once by the migrator on both engines. */
export interface Migration {
  up(db: Kysely<any>): Promise<void>;
}

/** A feature's migrations by name, `<NNN-name>` ("001-fixture-pins"), run in name order. */
export type Migrations = Record<string, Migration>;

/**
 * What a feature is handed: the host services it named, its own typed handle on its tables, and
 * `O`, what its `open` step made of its settings files for its own parts.
 */
export type FeatureServices<N extends keyof HostServices, T, O = {}> = Pick<HostServices, N> & ([keyof T] extends [never] ? unknown : { db: Kysely<T> }) & O;

/**
 * The settings a feature's `open` step reads: the part of src/config.ts's Config that names the
 * features' files and settings, matched by shape (a feature does not import the configuration; the
 * host hands it the Config it loaded). A setting only one feature reads reaches its parts through
 * that feature's `open` (its `own`), never through HostServices.
 */
export interface OpenSettings {
  /** The desk's priorities, as configured (an SLA policy's targets name them). */
  helpdesk: { priorities: readonly string[] };
  /** HELPDESK_SLA_FILE, as an absolute path, when set. */
  slaFile?: string;
  /** HELPDESK_ROUTING_FILE, as an absolute path, when set. */
  routingFile?: string;
  /** HELPDESK_ATTACHMENTS_FOLDER and HELPDESK_ATTACHMENT_MAX_MB (in bytes). */
  files: { folder: string; maxBytes: number };
  /** HELPDESK_CSAT and HELPDESK_CSAT_SCALE: a survey to the requester on each resolution, when enabled. */
  csat: { enabled: boolean; scale: SurveyScale };
  /** HELPDESK_STORM_THRESHOLD: more than this many of one channel's tickets in one cycle get one summary. */
  stormThreshold: number;
}

/** What a feature's `open` step made: its own parts' services, and what it supplies the other listed features. */
export interface Opened<O> {
  /** Handed to this feature's parts with the services it names (routing's rules, the surveys' scale); `{}` when it keeps nothing of its own. */
  own: O;
  /** Host services it supplies every listed feature (the SLA policy); one no listed feature supplies stays undefined. */
  supplies?: Partial<SuppliedServices>;
}

/** A verb's handler inside a feature: a core Handler plus the feature's services. */
export type FeatureHandler<S> = (ctx: CommandContext, input: CommandInput, commands: readonly CommandDeclaration[], services: S) => Promise<Reply>;

/**
 * A command a feature adds: a CommandDeclaration (docs/design.md, "Adding a command") whose
 * handlers also receive the feature's services. Its `handles` holds its card and modal actions
 * too: a button, an Action.Execute, a block action or a modal submit sends one of these verbs.
 */
export type FeatureCommand<S> = Omit<CommandDeclaration, 'handles'> & { handles: Readonly<Record<string, FeatureHandler<S>>> };

/** One doctor line: passed, failed (the doctor exits non-zero), or a note. */
export interface DoctorVerdict {
  kind: 'pass' | 'fail' | 'say';
  line: string;
}

/** What the doctor knows when it runs a feature's check. */
export interface DoctorSettings {
  /** The desk's priorities, as configured. */
  priorities: readonly string[];
  /** HELPDESK_SLA_FILE, when set. */
  slaFile?: string;
  /** HELPDESK_ATTACHMENTS_FOLDER, when set. */
  attachmentsFolder?: string;
  /** HELPDESK_ROUTING_FILE, when set. */
  routingFile?: string;
}

/** The settings start-up describes the features with (src/config.ts read and checked them). */
export interface StartupSettings {
  /** HELPDESK_SLA_FILE, as an absolute path, when set. */
  slaFile?: string;
  /** HELPDESK_ROUTING_FILE, as an absolute path, when set. */
  routingFile?: string;
  /** HELPDESK_TIME_ZONE. */
  timeZone: string;
  /** HELPDESK_LOCALE. */
  locale: string;
  /** HELPDESK_CSAT and HELPDESK_CSAT_SCALE. */
  csat: { enabled: boolean; scale: 'five' | 'thumbs' };
  /** HELPDESK_STORM_THRESHOLD. */
  stormThreshold: number;
  /** HELPDESK_SPACE_ID, when set. */
  spaceId?: string;
  /** HELPDESK_TICKET_URL_PATTERN, when set. */
  ticketUrlPattern?: string;
  /** HELPDESK_ATTACHMENTS_FOLDER and HELPDESK_ATTACHMENT_MAX_MB. */
  files: { folder: string; maxMb: number };
}

/** One thing a feature reads: a setting with the value in force, or a table of the store. */
export type FeatureRead = { setting: string; value: string } | { table: string };

/** What start-up says of a feature: on and what it reads, or off and the setting that turns it on. */
export type FeatureStartup = { on: true; reads: readonly FeatureRead[] } | { on: false; turnOn: FeatureRead };

/** A check `npm run doctor` runs for a feature, before it reaches the tenant. */
export type DoctorCheck = (settings: DoctorSettings) => Promise<DoctorVerdict[]>;

/** What a check that reaches the tenant is handed, once the doctor has a token and read the lists. */
export interface DoctorTenant {
  /** The doctor's Graph client: the bot's retries, each wait told before the verdict it delayed. */
  graph: GraphClient;
  logger: Logger;
  settings: DoctorSettings;
}

/** A check `npm run doctor` runs for a feature against the tenant (or the embedded site). */
export type TenantCheck = (tenant: DoctorTenant) => Promise<DoctorVerdict[]>;

/**
 * Everything one feature adds. `N`: the host services it needs; `T`: its tables, as Kysely types
 * them; `O`: what its `open` step makes of its settings files for its own parts.
 */
export interface Feature<N extends keyof HostServices = never, T = {}, O = {}> {
  /** Its folder's name under src/features. */
  name: string;
  /** The host services it is handed (and no others). */
  needs: readonly N[];
  /**
   * Opens its settings files and takes its own settings at start, before anything else starts and
   * before binding; run only while it is listed, so a feature off the list reads none of its files
   * or settings. A file that does not load throws (naming the file, the path in it and what is
   * wrong), and start-up stops there.
   */
  open?(settings: OpenSettings, logger: Logger): Promise<Opened<O>>;
  /** Its typed commands and their card and modal actions. */
  commands: readonly FeatureCommand<FeatureServices<N, T, O>>[];
  /** Its tables, as numbered migrations (the migrator runs every feature's, on both engines). */
  migrations: Migrations;
  /** What it does after each poll cycle's commit (the ticket changes the cycle read) and after the bot's own writes (SLA clocks). */
  cycle?(services: FeatureServices<N, T, O>): CycleHook;
  /** Its work on a schedule (a channel's digest slots): the host runs each only while the feature is listed. */
  timers?(services: FeatureServices<N, T, O>): readonly FeatureTimer[];
  /** What it changes in the sends a change set owes, while they are planned (merges reroute, a survey on resolution, storm summaries). */
  plan?(services: FeatureServices<N, T, O>): PlanHook;
  /**
   * What it adds to agents' ticket cards and lists. Its `ticket` part is also asked, with audience
   * 'conversation', for each ticket card the deliverer posts or edits in a channel (SLA clocks, "Looks like #12").
   */
  cards?(services: FeatureServices<N, T, O>): CardHook;
  /** People's DM choices and quiet hours, which routing and sending obey (the preferences feature). */
  people?(services: FeatureServices<N, T, O>): PersonPreferences;
  /** An index of tickets the poller keeps from what it reads, before each commit (search). */
  index?(services: FeatureServices<N, T, O>): TicketIndexer;
  /** Why it assigned a ticket (routing): the notifier adds it to the assignee's DM and the channel card. */
  assignmentReason?(services: FeatureServices<N, T, O>): AssignmentReasonOf;
  /** What it forgets of a conversation the bot was removed from (the deliverer found it gone), e.g. a channel's digest. */
  conversationGone?(services: FeatureServices<N, T, O>): (platform: Platform, conversationId: string) => Promise<void>;
  /**
   * What it does with the files a chat message carries (the files feature): one intake per
   * platform, fetching only from that platform's own file hosts with its credentials. At most one
   * listed feature declares it; with none, the channels tell the sender their files were not taken.
   */
  fileIntake?(services: FeatureServices<N, T, O>): (source: FileSource) => FileIntake;
  /** What it adds to the ticket core's commands (an offer before the new-ticket form, a picker on agents' forms, a queue…). */
  extensions?(services: FeatureServices<N, T, O>): CommandExtension;
  /** The doctor's checks of its settings. */
  doctor: readonly DoctorCheck[];
  /** The doctor's checks against the tenant, after its lists' (a feature that writes to the site's library…). */
  tenantDoctor?: readonly TenantCheck[];
  /** The environment variables it reads (validated with the rest in src/config.ts), for the docs and the doctor. */
  settings: readonly string[];
  /** Whether it is on with these settings and what it reads: the lines `npm start` prints name each feature from this. */
  startup(settings: StartupSettings): FeatureStartup;
}

/** A feature of any needs and tables, as the list holds them. */
export type AnyFeature = Feature<any, any, any>;

/** Declares a feature with its needs and tables inferred, so its handlers see exactly those types. */
export function defineFeature<N extends keyof HostServices = never, T = {}, O = {}>(feature: Feature<N, T, O>): Feature<N, T, O> {
  return feature;
}

export type { CardHook } from '../commands/card-hooks';
export type { CycleHook, FeatureTimer, OutboxService, PersonPreferences, PlanHook, TicketIndexer } from '../notify/ports';
