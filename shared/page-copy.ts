import type { CopyIconName } from "#shared/copy/copy-icons.ts";

/**
 * The shapes of the pages' copy in data/pages/: what content gives the page sections,
 * kept here so content never depends on the components that show it.
 */

/** A titled card, with an optional icon (client/components/sections/feature-cards.tsx). */
export type Feature = { icon?: CopyIconName; title: string; text: string };

/** One step of a numbered process (client/components/sections/process-steps.tsx). */
export type Step = { title: string; text: string };
