/**
 * A page in headless Chromium with the official Adaptive Cards renderer, as the card tests use it:
 * a card is parsed, validated and rendered there as a Teams client would.
 */
import type { Browser, Page } from 'playwright-core';
import { RENDERER, RENDERER_STYLES } from './chromium';

/** What the renderer made of a card: its parse and validation events, the text and buttons a person sees. */
export interface Rendered {
  parseErrors: string[];
  validationErrors: string[];
  text: string;
  buttons: string[];
  ok: boolean;
}

/** A 480-pixel card host with the renderer and its styles loaded. */
export async function openCardPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 520, height: 900 } });
  await page.setContent('<html><body style="font-family: Segoe UI, sans-serif; background: #f5f5f5; margin: 0"><div id="card" style="width: 480px; margin: 16px; background: white; border-radius: 6px"></div></body></html>');
  await page.addScriptTag({ path: RENDERER });
  await page.addStyleTag({ path: RENDERER_STYLES });
  // Teams renders TextBlock markdown (links, bold); the bare renderer needs a processor for that.
  await page.evaluate(() => {
    const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    (window as any).AdaptiveCards.AdaptiveCard.onProcessMarkdown = (text: string, result: { outputHtml: string; didProcess: boolean }) => {
      result.outputHtml = escape(text)
        .replace(/\[([^\]]+)\]\((https?:[^)\s]+)\)/g, '<a href="$2">$1</a>')
        .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
      result.didProcess = true;
    };
  });
  return page;
}

/** Parses, validates and renders `card` into the page's host. */
export async function renderOnPage(page: Page, card: Record<string, unknown>): Promise<Rendered> {
  return page.evaluate((json) => {
    const AC = (window as any).AdaptiveCards;
    const adaptive = new AC.AdaptiveCard();
    const context = new AC.SerializationContext();
    adaptive.parse(json, context);
    const parseErrors: string[] = [];
    for (let i = 0; i < context.eventCount; i++) parseErrors.push(context.getEventAt(i).message);
    const validation = adaptive.validateProperties();
    const validationErrors: string[] = [];
    for (const e of validation.validationEvents) validationErrors.push(`${AC.ValidationEvent[e.event]}: ${e.message}`);
    const host = document.getElementById('card')!;
    host.innerHTML = '';
    const element = adaptive.render();
    if (element) host.appendChild(element);
    const buttons = Array.from(host.querySelectorAll('button')).map((b) => (b.textContent ?? '').trim());
    return { parseErrors, validationErrors, text: host.innerText, buttons, ok: Boolean(element) };
  }, card);
}
