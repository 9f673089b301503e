import { NewsletterForm } from "#client/components/forms/newsletter-form.tsx";
import { hydrateIsland } from "#client/lib/hydrate-island.tsx";

hydrateIsland("newsletter", NewsletterForm);
