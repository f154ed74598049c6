/** The doctor's SLA line: the policy file (HELPDESK_SLA_FILE) checked as start-up checks it. */
import { checkPriorities, loadPolicy } from './policy';

/** One line per verdict (pass, fail, or a note to say); nothing when no file is set. */
export async function checkSlaPolicy(file: string | undefined, priorities: readonly string[]): Promise<{ kind: 'pass' | 'fail' | 'say'; line: string }[]> {
  if (!file) return [];
  const result = await loadPolicy(file);
  if (!result.ok) return result.errors.map((e) => ({ kind: 'fail' as const, line: `SLA policy: ${e}` }));
  const out: { kind: 'pass' | 'fail' | 'say'; line: string }[] = [{ kind: 'pass', line: `SLA policy: ${file} loads (${[...result.policy.targets.keys()].join(', ')}; time zone ${result.policy.timeZone})` }];
  const unknown = checkPriorities(result.policy, priorities);
  // The desk may gain a priority later; an unknown one is ignored, not fatal.
  if (unknown.length > 0) out.push({ kind: 'say', line: `ℹ SLA policy: priorities the desk does not have, ignored: ${unknown.join(', ')}` });
  return out;
}
