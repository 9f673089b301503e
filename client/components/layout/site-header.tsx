import { mainNav, paths } from "../../../shared/paths";
import { BrandMark } from "./brand-mark";
import { NavDrawer } from "./nav-drawer";
import { NavLinks } from "./nav-links";

/**
 * The sticky header is one line at every width (its height is --header-height, which
 * scrolling and focus keep clear; see app.css). From 768 px (SPEC §2) to 1024 px the bar
 * links are smaller and tighter so all seven fit beside the name on a portrait tablet.
 */
export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <header className="sticky top-0 z-40 h-(--header-height) border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="page-container flex h-full items-center justify-between gap-4">
        <a
          href={paths.home}
          className="flex shrink-0 items-center gap-2 text-lg font-bold whitespace-nowrap text-slate-900"
        >
          <BrandMark />
          <span>{brandName}</span>
        </a>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks
            items={mainNav}
            className="flex items-center lg:gap-1"
            linkClassName="px-2 text-sm whitespace-nowrap lg:px-3 lg:text-base"
          />
        </nav>
        <NavDrawer items={mainNav} />
      </div>
    </header>
  );
}
