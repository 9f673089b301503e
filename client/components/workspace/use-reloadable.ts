import { useCallback, useState } from "react";

/**
 * A page's data that a change on the page makes stale: starts as the clientLoader's answer,
 * and `reload()` asks the same loader again after the change.
 *
 *   const [data, reload] = useReloadable(loaderData, clientLoader);
 *   await workspaceFetch(`/users/${id}/disable`, { method: "POST" });
 *   await reload();
 */
export function useReloadable<T>(initial: T, load: () => Promise<T>): [T, () => Promise<void>] {
  const [data, setData] = useState(initial);
  const reload = useCallback(async () => setData(await load()), [load]);
  return [data, reload];
}
