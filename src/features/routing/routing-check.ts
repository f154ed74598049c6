/**
 * The doctor's routing lines: the rules file checked as start-up checks it, and, against the
 * tenant, each Microsoft 365 source the rules use tried once, a refusal naming the permission to grant.
 */
import { isGraphError } from '../../graph';
import { automaticRepliesOf, presencesOf, userIdOf } from '../../graph/presence';
import type { DoctorTenant, DoctorVerdict } from '../types';
import { SOURCES } from './availability';
import { loadRules } from './rules';

/** The file: every error as a failure, or a pass naming the groups. */
export async function checkRoutingRules(file: string | undefined): Promise<DoctorVerdict[]> {
  if (!file) return [];
  const result = await loadRules(file);
  if (!result.ok) return result.errors.map((e) => ({ kind: 'fail' as const, line: `Routing rules: ${e}` }));
  const { rules } = result;
  const groups = rules.groups.map((g) => `${g.name} (${g.method}, ${g.agents.length} agents)`).join(', ');
  return [{ kind: 'pass', line: `Routing rules: ${file} loads: ${groups}${rules.defaultGroup ? `; default ${rules.defaultGroup}` : '; no default group'}` }];
}

/** Tries the Microsoft 365 sources the rules use with the doctor's client, on the rules' first agent. */
export async function checkRoutingSources(tenant: DoctorTenant): Promise<DoctorVerdict[]> {
  const file = tenant.settings.routingFile;
  if (!file) return [];
  const result = await loadRules(file);
  if (!result.ok) return [];
  const groups = result.rules.groups;
  const presence = groups.some((g) => g.availability.teamsPresence || g.availability.outOfOffice);
  const mailbox = groups.some((g) => g.availability.mailboxAutoReplies);
  const slack = groups.some((g) => g.availability.slackPresence || g.availability.slackAwayStatuses.length > 0);
  const dnd = groups.some((g) => g.availability.slackDnd);
  const out: DoctorVerdict[] = [];
  if (slack) out.push({ kind: 'say', line: `ℹ Routing reads Slack presence and status: the Slack app needs ${SOURCES['slack-presence']}` });
  if (dnd) out.push({ kind: 'say', line: `ℹ Routing reads Slack Do Not Disturb: the Slack app needs ${SOURCES['slack-dnd']}` });
  const agent = groups.flatMap((g) => g.agents)[0];
  if (!agent || !(presence || mailbox)) return out;
  const refused = (e: unknown) => isGraphError(e) && (e.status === 403 || e.status === 401);
  let id: string | undefined;
  try {
    id = await userIdOf(tenant.graph, agent);
  } catch (e) {
    // Only a refusal is a finding about the grant; anything else is the doctor's general failure.
    if (!refused(e)) throw e;
    return [...out, { kind: 'fail', line: `Routing: Graph refused reading users (${agent}): grant ${SOURCES['teams-users']}` }];
  }
  if (!id) return [...out, { kind: 'say', line: `ℹ Routing: ${agent} is not a user of this tenant; Microsoft 365 sources say nothing of them` }];
  const tryOne = async (source: 'teams-presence' | 'mailbox', run: () => Promise<unknown>): Promise<DoctorVerdict> => {
    try {
      await run();
      return { kind: 'pass', line: `Routing: ${source === 'mailbox' ? 'automatic replies' : 'presence'} of ${agent} read` };
    } catch (e) {
      // A refusal names the grant; the source is skipped at run time, so it is a failure of the setup only.
      if (!refused(e)) throw e;
      return { kind: 'fail', line: `Routing: Graph refused ${source === 'mailbox' ? 'mailbox settings' : 'presence'} (${(e as Error).message}): grant ${SOURCES[source]}` };
    }
  };
  if (presence) out.push(await tryOne('teams-presence', () => presencesOf(tenant.graph, [id!])));
  if (mailbox) out.push(await tryOne('mailbox', () => automaticRepliesOf(tenant.graph, id!)));
  return out;
}
