import { WebAppLeadForm } from "#client/components/forms/web-app-lead-form.tsx";
import { hydrateIsland } from "#client/lib/hydrate-island.tsx";

hydrateIsland("web-app-lead", WebAppLeadForm);
