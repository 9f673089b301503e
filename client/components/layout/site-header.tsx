import { Link } from "react-router";
import { mainNav, paths } from "../../../shared/paths";
import { BrandMark } from "./brand-mark";
import { NavDrawer } from "./nav-drawer";
import { NavLinks } from "./nav-links";

export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="page-container flex h-16 items-center justify-between gap-4">
        <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <BrandMark />
          <span>{brandName}</span>
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <NavLinks items={mainNav} className="flex items-center gap-1" />
        </nav>
        <NavDrawer items={mainNav} />
      </div>
    </header>
  );
}
