/**
 * The doctor's status-roles check: which statuses mean new, working, waiting and done, a role
 * that names a status the help desk does not have (ignored by the bot), and a status no role
 * names (the bot treats it as none of them). Neither stops the bot, so neither fails the check.
 */
import { STATUS_ROLES, statusesWithRole, roleOf, type RoleVocabulary } from '../core/vocabulary';
import { unknownRoleStatuses, unknownRoleText } from '../settings/roles';

/** The doctor's lines for the status roles: one ✔ summary, then an ℹ per problem. */
export function statusRoleLines(vocabulary: RoleVocabulary): string[] {
  const summary = STATUS_ROLES.map((role) => `${role}: ${statusesWithRole(vocabulary, role).join(', ') || '(none)'}`).join('; ');
  const lines = [`✔ status roles: ${summary}`];
  for (const u of unknownRoleStatuses(vocabulary)) lines.push(`ℹ status roles: ${unknownRoleText(u)}`);
  const roleless = vocabulary.statuses.filter((s) => roleOf(vocabulary, s) === undefined);
  if (roleless.length > 0) {
    lines.push(`ℹ status roles: ${roleless.map((s) => `"${s}"`).join(', ')} ${roleless.length === 1 ? 'has' : 'have'} no role — name ${roleless.length === 1 ? 'it' : 'each'} in one of HELPDESK_STATUS_NEW, HELPDESK_STATUS_WORKING, HELPDESK_STATUS_WAITING or HELPDESK_STATUS_DONE`);
  }
  return lines;
}
