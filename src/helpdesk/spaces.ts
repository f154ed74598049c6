/**
 * Spaces (product 1.5+): whether the site has them (SD_Tickets has an SD_SpaceId column), and
 * whether a space id someone typed is one the list holds, asked as one `$top=1` read filtered on
 * that space, so an id is accepted only when some ticket carries it.
 */
import { sameText } from '../core/vocabulary';
import { f } from '../graph/odata';
import type { ServiceContext } from './context';
import { guarded } from './errors';
import { errorOf, say } from './error-messages';
import { TICKET } from './fields';

/** The longest space id accepted; SharePoint's single-line text holds 255 characters. */
export const SPACE_ID_MAX = 255;

/**
 * What the list says about a space id: the site has no spaces (product before 1.5), the
 * deployment serves another one (HELPDESK_SPACE_ID), no ticket carries it, or it is seen (spelled
 * as the list spells it).
 */
export type SpaceLookup =
  | { kind: 'no-spaces' }
  | { kind: 'not-served'; served: string }
  | { kind: 'unseen' }
  | { kind: 'seen'; spaceId: string };

/** False when the site's columns were read and SD_Tickets has no SD_SpaceId; true when it has; undefined when they could not be read. */
export async function siteHasSpaces(ctx: ServiceContext): Promise<boolean | undefined> {
  const schema = await ctx.columns.get();
  return schema.readAt === undefined ? undefined : schema.spaces === true;
}

/** Looks a typed space id up: the deployment's own space needs no read, any other one read of at most one ticket. */
export async function findSpace(ctx: ServiceContext, typed: string): Promise<SpaceLookup> {
  const id = typed.trim();
  if (!id || id.length > SPACE_ID_MAX || /[\u0000-\u001f]/.test(id)) throw errorOf('invalid', say('badSpaceId', { max: SPACE_ID_MAX }), { field: 'space' });
  if ((await siteHasSpaces(ctx)) === false) return { kind: 'no-spaces' };
  const served = ctx.settings.spaceId;
  if (served) return sameText(served, id) ? { kind: 'seen', spaceId: served } : { kind: 'not-served', served };
  const page = await guarded('The ticket list', ctx.logger, () => ctx.graph.listPage('SD_Tickets', { filter: f.eq(TICKET.spaceId, id), top: 1 }));
  const found = page.items[0]?.fields[TICKET.spaceId];
  return typeof found === 'string' && sameText(found, id) ? { kind: 'seen', spaceId: found } : { kind: 'unseen' };
}
