import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { useDisclosure } from "./use-disclosure";

/** A filter's name and the value the address gives it ("" for none), for a field of a GET filter form. */
export const filterField = <Name extends string>(filters: Partial<Record<Name, string>>, name: Name) => ({
  name,
  defaultValue: filters[name] ?? "",
});

/**
 * A list's filters: shown from 640 px wide; narrower, folded behind one "Filters" button
 * that says how many are in use, so the list starts near the top of a phone's screen.
 * The fold is CSS on the one form, so the form is the same at every width. The form is a plain
 * GET form: the filters are in the address, so a filtered page can be shared or reloaded.
 *
 *   <FilterFold active={2} action={staffPaths.leads} label="Filter leads" className="grid …">…</FilterFold>
 */
export function FilterFold({
  active,
  action,
  label,
  className,
  children,
}: {
  active: number;
  action: string;
  label: string;
  className: string;
  children: ReactNode;
}) {
  const fold = useDisclosure();
  return (
    <div {...fold.container} className="mb-6">
      <button {...fold.button} className={buttonClass("secondary", "sm:hidden")}>
        {active === 0 ? "Filters" : `Filters (${active} in use)`}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-4 fill-current ${fold.open ? "rotate-180" : ""}`}
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div id={fold.panelId} className={`${fold.open ? "" : "max-sm:hidden"} max-sm:mt-4`}>
        <form method="get" action={action} role="search" aria-label={label} className={className}>
          {children}
        </form>
      </div>
    </div>
  );
}
