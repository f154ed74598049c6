/**
 * The answers' line in the surveys' report (`csat [days]`): questions the desk's answers
 * (src/features/answers) settled without a ticket, next to the tickets filed in the same days,
 * read through their ports (the answers' table and the search index; no Graph request).
 */
import type { CommandContext } from '../../commands/types';
import { tr } from '../../commands/respond';
import { log } from '../../log';
import type { AnswerPorts } from '../../core/answers';

/**
 * "12 questions answered without a ticket, 30 tickets filed" since `since` (ISO), or undefined
 * when the store does not answer.
 */
export async function answeredLine(ctx: CommandContext, since: string, ports: Pick<AnswerPorts, 'answeredSince' | 'filedSince'>): Promise<string | undefined> {
  try {
    const [answered, filed] = await Promise.all([ports.answeredSince(since), ports.filedSince(since)]);
    const t = tr(ctx);
    return t('answers:report.line', { answered: t('answers:report.answered', { count: answered }), filed: t('answers:report.filed', { count: filed }) });
  } catch (error) {
    // The report's other figures still come; only this line is left out, and the log says why.
    (ctx.logger ?? log).warn('questions answered without a ticket could not be counted for the report', { error });
    return undefined;
  }
}
