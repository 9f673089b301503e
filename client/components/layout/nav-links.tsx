import { NavLink } from "react-router";
import type { NavItem } from "../../../shared/paths";

const baseClass = "rounded-md px-3 py-2 font-medium transition-colors";
const idleClass = "text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const activeClass = "bg-brand-soft text-brand";

/**
 * The header's links. NavLink marks the current page with aria-current="page";
 * Home matches only "/" itself, the others also match their sub-pages.
 */
export function NavLinks(props: { items: readonly NavItem[]; className?: string; onNavigate?: () => void }) {
  return (
    <ul className={props.className}>
      {props.items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.to === "/"}
            onClick={props.onNavigate}
            className={({ isActive }) => `${baseClass} ${isActive ? activeClass : idleClass} block`}
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
