import { Carousel } from "#client/components/sections/screenshot-carousel.tsx";
import { hydrateIsland } from "#client/lib/hydrate-island.tsx";

hydrateIsland("showcase", Carousel);
