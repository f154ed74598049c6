/**
 * Graph requests and answer time per command (issue 11's table), on the embedded site (its
 * document library too, and every listed feature on, as the app runs them) with a
 * latency added to every Graph request (default 150 ms, as a tenant's round trip). The agents
 * list is read once first (it is cached for a minute), as in the issue's count. Tickets are filed
 * through the bot, so it knows their version; a second table shows the changes on tickets it has
 * not seen since it started (filed elsewhere), where it must read the ticket before writing.
 * Run: npx tsx bench/commands.ts [latencyMs] [runs] [--smoke]
 */
import { DEFAULT_VOCABULARY } from '../src/config';
import { connectionFor, startEmulator } from '../src/emulator';
import { featureMigrations, FEATURES } from '../src/features';
import { createGraphClient } from '../src/graph';
import { createHelpdeskService } from '../src/helpdesk';
import type { Ticket } from '../src/helpdesk/types';
import { createLogger } from '../src/log';
import { createSqliteStore } from '../src/store';
import { positional, sized } from './support/smoke';
import { appCommands, countRows, patti, tenCommands, type Counted } from './support/ten-commands';

const latency = Number(positional[0] ?? sized(150, 5));
const runs = Number(positional[1] ?? sized(5, 1));

async function main(): Promise<void> {
  // A tenant stand-in whose site has a document library (the embedded site's), with every feature on.
  const emu = await startEmulator({ seed: 'demo' });
  const logger = createLogger({ level: 'error' });
  const graph = createGraphClient({ ...connectionFor(emu), logger });
  const settings = {
    agentEmailField: 'SD_Email',
    ...DEFAULT_VOCABULARY,
  };
  const helpdesk = createHelpdeskService({ graph, logger, settings });
  const store = createSqliteStore({ file: ':memory:', features: featureMigrations(FEATURES) });
  const commands = await appCommands(store, graph, helpdesk, logger);
  let fileThrough = helpdesk;
  const file = (title: string): Promise<Ticket> => fileThrough.createTicket(patti, { title, description: 'bench', priority: 'Normal', category: 'Hardware' });
  const rows = tenCommands(commands, helpdesk, file);

  await helpdesk.activeAgents();
  // As at the bot's start: the site's columns are read once, before any command.
  await helpdesk.ticketSchema();
  const lines = [`Commands on the embedded site (its document library too, every feature on) with ${latency} ms added to every Graph request (${runs} runs each; median answer time)`, ''];
  lines.push(...table(await countRows(rows, emu, runs, latency)));
  // The same changes on tickets filed by someone else (another bot instance, the portal): nothing seen to start from.
  fileThrough = createHelpdeskService({ graph, logger, settings });
  const changes = new Set(['claim (typed)', 'status (typed)', 'claim (card button)', 'resolve with a note']);
  lines.push('', 'Changes on tickets the bot has not seen since it started (it reads the ticket before writing):', '');
  lines.push(...table(await countRows(rows.filter((r) => changes.has(r.name)), emu, runs, latency)));
  process.stdout.write(`${lines.join('\n')}\n`);
  await store.close();
  await emu.close();
}

/** The table of counted rows: Graph requests and the median answer time. */
function table(rows: readonly Counted[]): string[] {
  const lines = ['| Command | Graph requests | Least | Answer time |', '|---|---|---|---|'];
  for (const row of rows) {
    const times = [...row.times].sort((a, b) => a - b);
    lines.push(`| ${row.name} | ${row.requests} | ${row.least} | ${times[Math.floor(times.length / 2)].toFixed(0)} ms |`);
  }
  const sum = rows.reduce((a, r) => a + r.requests, 0);
  const least = rows.reduce((a, r) => a + r.least, 0);
  lines.push(`| **sum** | **${sum}** | **${least}** | |`);
  return lines;
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
