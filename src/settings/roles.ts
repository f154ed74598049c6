/**
 * What each status means, configured: one comma list per role (HELPDESK_STATUS_NEW, _WORKING,
 * _WAITING, _DONE). A status named under two roles stops start-up; a name the current status
 * list lacks is reported (log and doctor) and otherwise ignored, because statuses may change
 * under a running bot while its settings do not.
 */
import { DEFAULT_STATUS_ROLES, STATUS_ROLES, sameText, type RoleVocabulary, type StatusRole, type StatusRoles } from '../core/vocabulary';
import { ConfigError, list, value, type Env } from './read';

/** The setting that names each role's statuses. */
export const ROLE_SETTINGS: Readonly<Record<StatusRole, string>> = {
  new: 'HELPDESK_STATUS_NEW',
  working: 'HELPDESK_STATUS_WORKING',
  waiting: 'HELPDESK_STATUS_WAITING',
  done: 'HELPDESK_STATUS_DONE',
};

/**
 * HELPDESK_STATUS_*: each role's statuses. A status named by two settings stops start-up naming
 * both; an unset role keeps its defaults (DEFAULT_STATUS_ROLES) except those a set one claims, so
 * moving Waiting to working takes one setting, not two.
 */
export function readStatusRoles(env: Env): StatusRoles {
  const set = STATUS_ROLES.filter((role) => value(env, ROLE_SETTINGS[role]) !== undefined);
  const roles = {} as Record<StatusRole, readonly string[]>;
  const claimed: { status: string; role: StatusRole }[] = [];
  for (const role of set) {
    roles[role] = list(env, ROLE_SETTINGS[role], DEFAULT_STATUS_ROLES[role]);
    for (const status of roles[role]) {
      const earlier = claimed.find((c) => sameText(c.status, status));
      if (earlier && earlier.role !== role) {
        throw new ConfigError(ROLE_SETTINGS[role], `"${status}" is also named by ${ROLE_SETTINGS[earlier.role]}; a status has one role, so name it in only one of ${ROLE_SETTINGS[earlier.role]} and ${ROLE_SETTINGS[role]}`);
      }
      claimed.push({ status, role });
    }
  }
  for (const role of STATUS_ROLES) {
    if (!set.includes(role)) roles[role] = DEFAULT_STATUS_ROLES[role].filter((status) => !claimed.some((c) => sameText(c.status, status)));
  }
  return roles;
}

/** A role that names a status the current status list does not have. */
export interface UnknownRoleStatus {
  role: StatusRole;
  setting: string;
  status: string;
}

/** The names the role settings give that the current statuses lack (they are ignored). */
export function unknownRoleStatuses(vocabulary: RoleVocabulary): UnknownRoleStatus[] {
  const roles = vocabulary.statusRoles ?? DEFAULT_STATUS_ROLES;
  return STATUS_ROLES.flatMap((role) =>
    roles[role].filter((status) => !vocabulary.statuses.some((s) => sameText(s, status))).map((status) => ({ role, setting: ROLE_SETTINGS[role], status })),
  );
}

/** One sentence per unknown name, for the log and the doctor. */
export function unknownRoleText(u: UnknownRoleStatus): string {
  return `${u.setting} names "${u.status}", which is not one of the statuses (HELPDESK_STATUSES); it is ignored`;
}

/** Logs each unknown name once (start-up calls it once per status list); returns how many there were. */
export function reportStatusRoles(vocabulary: RoleVocabulary, logger: { warn(msg: string, ctx?: Record<string, unknown>): void }): number {
  const unknown = unknownRoleStatuses(vocabulary);
  for (const u of unknown) logger.warn('a status role names a status the help desk does not have; ignored', { setting: u.setting, role: u.role, status: u.status });
  return unknown.length;
}
