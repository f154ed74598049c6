/**
 * The clocks' status roles are the desk's configured ones (HELPDESK_STATUS_NEW/_WORKING/_WAITING/
 * _DONE, src/core/vocabulary.ts): time in a `waiting` status pauses, a `done` one stops.
 */
import { roleOf, type RoleVocabulary } from '../../core/vocabulary';
import type { RoleOf } from './clock';

/** Each status's role for the clocks, read against the current status list; a status with no role counts as working. */
export function slaRoleOf(vocabulary: RoleVocabulary): RoleOf {
  return (status) => roleOf(vocabulary, status);
}
