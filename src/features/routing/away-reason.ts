/**
 * Whether one agent is away now, and why: a pure function of what each source last said (their own
 * `away`, Teams presence and out of office, the mailbox's automatic replies, Slack presence, status
 * and Do Not Disturb), the group's rules on which sources count, and "now". Either platform saying
 * away is enough; a person on both is one agent, by address.
 */
import type { AvailabilityRules } from './rules';

/** What the sources last said of one agent; a source that is off or failed leaves its part out. */
export interface Signals {
  /** Their own `away`; `until` (epoch ms) ends it by itself. */
  own?: { until?: number };
  /** Graph presence: `availability` as Graph spells it (Available, Away, BeRightBack, Offline…). */
  teams?: { availability: string; outOfOffice: boolean };
  /** The mailbox's automatic replies are in force now. */
  autoReply?: boolean;
  slack?: {
    presence?: 'active' | 'away';
    statusText?: string;
    statusEmoji?: string;
    /** Epoch ms the status ends; undefined: it does not end by itself. */
    statusExpiration?: number;
    dnd?: boolean;
  };
}

/** Why an agent gets nothing now. */
export type AwayReason =
  | { source: 'own'; until?: number }
  | { source: 'out-of-office' }
  | { source: 'auto-reply' }
  | { source: 'teams'; availability: string }
  | { source: 'slack-status'; status: string; until?: number }
  | { source: 'slack-dnd' }
  | { source: 'slack-presence' };

/** Graph availabilities that mean the person is not at their desk. */
const TEAMS_AWAY = new Set(['away', 'berightback']);

/** The configured status that the agent's Slack status matches, if any. */
function matchingStatus(slack: NonNullable<Signals['slack']>, statuses: readonly string[]): string | undefined {
  const text = (slack.statusText ?? '').toLowerCase();
  const emoji = (slack.statusEmoji ?? '').toLowerCase();
  return statuses.find((s) => {
    const wanted = s.toLowerCase();
    return (emoji !== '' && emoji === wanted) || (text !== '' && text.includes(wanted));
  });
}

/** Why the agent is away now under these rules, or undefined when nothing says so. */
export function awayReason(signals: Signals, rules: AvailabilityRules, now: number): AwayReason | undefined {
  const { own, teams, slack } = signals;
  if (own && (own.until === undefined || own.until > now)) return own.until === undefined ? { source: 'own' } : { source: 'own', until: own.until };
  if (teams && rules.outOfOffice && teams.outOfOffice) return { source: 'out-of-office' };
  if (signals.autoReply && rules.mailboxAutoReplies) return { source: 'auto-reply' };
  if (teams && rules.teamsPresence) {
    const a = teams.availability.toLowerCase();
    if (TEAMS_AWAY.has(a) || (rules.offlineIsAway && a === 'offline')) return { source: 'teams', availability: teams.availability };
  }
  if (slack) {
    const inForce = slack.statusExpiration === undefined || slack.statusExpiration > now;
    const status = inForce ? matchingStatus(slack, rules.slackAwayStatuses) : undefined;
    if (status) return slack.statusExpiration === undefined ? { source: 'slack-status', status } : { source: 'slack-status', status, until: slack.statusExpiration };
    if (rules.slackDnd && slack.dnd) return { source: 'slack-dnd' };
    if (rules.slackPresence && slack.presence === 'away') return { source: 'slack-presence' };
  }
  return undefined;
}
