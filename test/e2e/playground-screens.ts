/**
 * Takes the screenshots under docs/screens/ in the Agents Playground: a resolution DM with its
 * survey (the ticket is resolved in the portal, here the embedded site, so its requester is asked),
 * `sla <id>` answered in German in an English client, an agent's ticket card with its clocks, and
 * `csat 30`. Run through scripts/e2e-playground.sh with
 * PLAYGROUND_DRIVER=test/e2e/playground-screens.ts HELPDESK_SLA_FILE=examples/sla.json HELPDESK_POLL_SECONDS=2.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { EMULATOR_DEFAULTS } from '../../src/emulator';
import { launchChromium } from '../support/chromium';

const url = process.argv[2] ?? 'http://127.0.0.1:56150';
const botLog = process.argv[3] ?? 'test-results/playground/bot.log';
const shots = path.resolve('docs/screens');
mkdirSync(shots, { recursive: true });
const step = (s: string) => process.stdout.write(`STEP ${s}\n`);

async function send(page: Page, text: string): Promise<void> {
  const box = page.locator('[data-lexical-editor="true"][role="textbox"]').first();
  await box.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** What the portal does when an agent resolves a ticket there: one PATCH through the embedded site's Graph API. */
async function resolveInPortal(id: string): Promise<void> {
  const site = /Embedded help-desk site: (http:\/\/127\.0\.0\.1:\d+)/.exec(readFileSync(botLog, 'utf8'))?.[1];
  if (!site) throw new Error('the bot log names no embedded site');
  const { tenantId, clientId, clientSecret, siteId } = EMULATOR_DEFAULTS;
  const body = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret, scope: 'https://graph.microsoft.com/.default' });
  const token = (await (await fetch(`${site}/${tenantId}/oauth2/v2.0/token`, { method: 'POST', body })).json()) as { access_token: string };
  const auth = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const note = { fields: { Title: 'Fan cleaned', SD_TicketId: Number(id), SD_Body: 'Cleaned the fan and updated the BIOS.', SD_AuthorEmail: 'meganb@example.com', SD_AuthorName: 'Megan Bowen', SD_IsInternal: false } };
  const posted = await fetch(`${site}/v1.0/sites/${siteId}/lists/SD_Comments/items`, { method: 'POST', headers: auth, body: JSON.stringify(note) });
  const patched = await fetch(`${site}/v1.0/sites/${siteId}/lists/SD_Tickets/items/${id}/fields`, { method: 'PATCH', headers: { ...auth, 'if-match': '*' }, body: JSON.stringify({ SD_Status: 'Resolved' }) });
  if (!posted.ok || !patched.ok) throw new Error(`the portal's resolve failed: ${posted.status} ${patched.status}`);
}

/** A screenshot of the last message only, so each picture shows one surface. */
async function shotOfLast(page: Page, pattern: RegExp, name: string): Promise<void> {
  const last = page.getByText(pattern).last();
  await last.waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  await last.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

const browser = await launchChromium();
const page = await browser.newPage({ viewport: { width: 1100, height: 860 } });
try {
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  await send(page, 'new Laptop fan is loud');
  const create = page.getByRole('button', { name: 'Create ticket' }).last();
  await create.waitFor({ timeout: 20000 });
  await page.getByLabel('Description').last().fill('The fan runs at full speed all day.');
  await create.click();
  const filed = page.getByText(/Ticket #\d+ filed/).last();
  await filed.waitFor({ timeout: 20000 });
  const id = /Ticket #(\d+) filed/.exec(await filed.innerText())?.[1];
  if (!id) throw new Error('no ticket number shown after filing');
  step(`filed #${id}`);
  await resolveInPortal(id);
  await shotOfLast(page, /How did we do/, 'resolution-survey');
  step('resolution DM with its survey');
  await send(page, 'language de');
  await page.getByText(/Deutsch/).last().waitFor({ timeout: 20000 });
  await send(page, 'new Drucker im 2. Stock druckt nicht');
  const create2 = page.getByRole('button', { name: /Ticket erstellen|Create ticket/ }).last();
  await create2.waitFor({ timeout: 20000 });
  await create2.click();
  const filed2 = page.getByText(/#\d+/).last();
  await filed2.waitFor({ timeout: 20000 });
  await page.waitForTimeout(1500);
  const id2 = /#(\d+)/.exec(await page.getByText(/Ticket #\d+/).last().innerText())?.[1];
  if (!id2) throw new Error('no second ticket number');
  await send(page, `sla ${id2}`);
  await shotOfLast(page, /SLA von/, 'sla-de');
  step('sla in German');
  await send(page, 'language default');
  await page.waitForTimeout(1000);
  // An agent's card of a ticket under SLA: its clocks beside the other facts.
  await send(page, `show ${id2}`);
  await shotOfLast(page, /First response/, 'ticket-clocks-playground');
  step('ticket card with clocks');
  await send(page, 'csat 30');
  await shotOfLast(page, /Satisfaction|satisfaction/, 'csat-playground');
  step('csat');
} finally {
  await browser.close();
}
