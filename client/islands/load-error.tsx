import { LoadErrorToast } from "#client/lib/use-load-error-toast.ts";
import { hydrateIsland } from "#client/lib/hydrate-island.tsx";

hydrateIsland("load-error", LoadErrorToast);
