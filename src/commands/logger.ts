/** The commands' logger. */
import { log, type Logger } from '../log';
import type { CommandContext } from './types';

/** The context's logger, marked as the commands'; never one built at import, which would miss LOG_LEVEL / LOG_FORMAT as configured. */
export function commandLogger(ctx: Pick<CommandContext, 'logger'>): Logger {
  return (ctx.logger ?? log).child({ component: 'commands' });
}
