import { mainNav, paths } from "#shared/paths.ts";
import { BrandMark } from "./brand-mark";
import { NavDrawer } from "./nav-drawer";
import { NavLinks } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

/**
 * The sticky header is one line at every width (its height is --header-height, which
 * scrolling and focus keep clear; see app.css). From 768 px (requirements §2) to 1024 px the bar
 * links are smaller and tighter so all seven fit beside the name on a portrait tablet.
 */
export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <header className="sticky top-0 z-40 h-(--header-height) border-b border-line bg-canvas/90 backdrop-blur">
      <div className="page-container flex h-full items-center justify-between gap-4">
        <a
          href={paths.home}
          className="flex shrink-0 items-center gap-2.5 text-lg font-extrabold tracking-tight whitespace-nowrap text-ink"
        >
          <BrandMark />
          <span>{brandName}</span>
        </a>
        <nav aria-label="Main" className="ml-auto hidden md:block">
          <NavLinks
            items={mainNav}
            className="flex items-center lg:gap-1"
            linkClassName="px-2 text-sm whitespace-nowrap lg:px-3 lg:text-base"
          />
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <NavDrawer items={mainNav} />
        </div>
      </div>
    </header>
  );
}
