import { useLocation } from "react-router";
import { paths, type NavItem } from "#shared/paths.ts";

const baseClass = "block rounded-control py-2 font-medium transition-colors";
const idleClass = "text-ink-soft hover:bg-muted hover:text-ink";
const activeClass = "bg-brand-soft text-brand";

/**
 * requirements §2 "the current item is highlighted": Home only on "/" itself, the others also
 * on their sub-pages and on the pages they stand for (a case study under Case Studies).
 * Lower-cased because routes match regardless of case.
 */
export function isCurrentNavItem(item: NavItem, pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (item.to === paths.home) return path === paths.home;
  const isUnder = (base: string) => path === base || path.startsWith(`${base}/`);
  return isUnder(item.to) || (item.alsoCurrentUnder !== undefined && isUnder(item.alsoCurrentUnder));
}

/** The header's links; the current page's carries aria-current="page". */
export function NavLinks(props: {
  items: readonly NavItem[];
  className?: string;
  /** Size and spacing of each link, which differ between the header bar and the drawer. */
  linkClassName: string;
}) {
  const { pathname } = useLocation();
  return (
    <ul className={props.className}>
      {props.items.map((item) => {
        const current = isCurrentNavItem(item, pathname);
        return (
          <li key={item.to}>
            <a
              href={item.to}
              aria-current={current ? "page" : undefined}
              className={`${baseClass} ${props.linkClassName} ${current ? activeClass : idleClass}`}
            >
              {item.label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
