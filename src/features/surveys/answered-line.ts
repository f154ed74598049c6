/** The answers' line in the surveys' report (`csat [days]`): questions the desk's answers (src/features/answers) settled without a ticket, read through their ports. */
import type { CommandContext } from '../../commands/types';
import { tr } from '../../commands/respond';
import { log } from '../../log';
import type { AnswerPorts } from '../../core/answers';

/** "12 questions answered without a ticket" since `since` (ISO), or undefined when the store does not answer. */
export async function answeredLine(ctx: CommandContext, since: string, ports: Pick<AnswerPorts, 'answeredSince'>): Promise<string | undefined> {
  try {
    return tr(ctx)('answers:report.answered', { count: await ports.answeredSince(since) });
  } catch (error) {
    // The report's other figures still come; only this line is left out, and the log says why.
    (ctx.logger ?? log).warn('questions answered without a ticket could not be counted for the report', { error });
    return undefined;
  }
}
