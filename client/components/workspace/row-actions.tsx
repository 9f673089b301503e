import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { useDisclosure } from "./use-disclosure";

/**
 * A row's actions. In the table (640 px and wider) they stand in the row as they are;
 * on a card they fold behind one button, "Actions for <name>", that opens them as a
 * small menu below it. One set of buttons either way: the fold is CSS, so nothing is
 * rendered twice.
 */
export function RowActions({ name, children }: { name: string; children: ReactNode }) {
  const menu = useDisclosure();
  return (
    <div {...menu.container} className="relative">
      <button
        {...menu.button}
        aria-label={`Actions for ${name}`}
        className={buttonClass("secondary", "min-h-10 px-3 py-1 text-sm sm:hidden")}
      >
        Actions
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
      <div
        id={menu.panelId}
        className={`${menu.open ? "max-sm:flex" : "max-sm:hidden"} flex flex-wrap items-center justify-end gap-1 max-sm:absolute max-sm:top-full max-sm:right-0 max-sm:z-20 max-sm:mt-1 max-sm:w-max max-sm:max-w-[calc(100vw-2.5rem)] max-sm:flex-col max-sm:items-stretch max-sm:rounded-card max-sm:border max-sm:border-line max-sm:bg-surface max-sm:p-2 max-sm:shadow-lift`}
      >
        {children}
      </div>
    </div>
  );
}
