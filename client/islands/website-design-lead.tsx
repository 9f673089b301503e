import { WebsiteDesignLeadForm } from "#client/components/forms/website-design-lead-form.tsx";
import { hydrateIsland } from "#client/lib/hydrate-island.tsx";

hydrateIsland("website-design-lead", WebsiteDesignLeadForm);
