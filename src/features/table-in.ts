/**
 * A feature's table module for a part of the product that holds the store rather than the
 * feature's handle (the poller, the deliverer, the timers): each call waits once for the database
 * the store's migrator made ready, then goes to the module built over it.
 */
import type { Kysely } from 'kysely';
import type { Store } from '../store/types';

/** Every member of a table module is an async method. */
type AsyncMethods<T> = { [K in keyof T]: (...args: never[]) => Promise<unknown> };

/** `create`'s module over the store's database, its methods callable at once. */
export function tableIn<T extends AsyncMethods<T>>(store: Pick<Store, 'featureDatabase'>, create: (db: Kysely<any>) => T): T {
  let opened: Promise<T> | undefined;
  const open = () => (opened ??= store.featureDatabase().then(create));
  return new Proxy({} as T, {
    get(_target, method) {
      // Not a promise itself: `then` is absent, so returning or awaiting the module is harmless.
      if (method === 'then') return undefined;
      return async (...args: unknown[]) => {
        const table = await open();
        return Reflect.apply(Reflect.get(table, method), table, args);
      };
    },
  });
}
