/** `npm run emulator`: the embedded help-desk site on its own, for trying the bot against it. */
import path from 'node:path';
import { DEMO_AGENTS, startEmulator } from './index';

const port = Number(process.env.EMULATOR_PORT ?? 3979);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`EMULATOR_PORT must be a port number (0-65535), got '${process.env.EMULATOR_PORT}'`);
  process.exit(1);
}
const dataDir = path.resolve(process.env.HELPDESK_DATA_DIR ?? './.data');
// EMULATOR_UNINDEXED=SD_Tickets/SD_Status,SD_Comments/SD_TicketId leaves those columns without an index (to try the doctor's advice).
const unindexed: Record<string, string[]> = {};
for (const pair of (process.env.EMULATOR_UNINDEXED ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
  const [list, column] = pair.split('/');
  if (!list || !column) {
    console.error(`EMULATOR_UNINDEXED takes <list>/<column> pairs separated by commas, got '${pair}'`);
    process.exit(1);
  }
  (unindexed[list] ??= []).push(column);
}
const emulator = await startEmulator({ port, dataDir, unindexed }).catch((err: NodeJS.ErrnoException) => {
  console.error(err.code === 'EADDRINUSE' ? `Port ${port} is already in use; set EMULATOR_PORT to a free port.` : `Emulator failed to start: ${err.message}`);
  process.exit(1);
});

// The secret printed here is the emulator's fixed demo secret, not a tenant credential.
console.log(`Help-desk site emulator listening on ${emulator.url}
  data:          ${path.join(dataDir, 'emulator')}
  tenant id:     ${emulator.tenantId}
  client id:     ${emulator.clientId}
  client secret: ${emulator.clientSecret}   (demo secret)
  site id:       ${emulator.siteId}${Object.keys(unindexed).length ? `\n  not indexed:   ${Object.entries(unindexed).map(([l, c]) => `${l}: ${c.join(', ')}`).join('; ')}` : ''}
  token:         POST ${emulator.url}/${emulator.tenantId}/oauth2/v2.0/token
  graph:         ${emulator.url}/v1.0/sites/${emulator.siteId}/lists/SD_Tickets/items?$expand=fields
  library:       ${emulator.url}/v1.0/sites/${emulator.siteId}/drive/root:/SD_Attachments:/children (files in ${path.join(dataDir, 'emulator', 'drive')})
  agents:        ${DEMO_AGENTS.map((a) => `${a.name} <${a.email}>${a.active ? '' : ' (inactive)'}`).join(', ')}
Press Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void emulator.close().then(() => process.exit(0));
  });
}
