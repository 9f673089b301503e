import { useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * What a refused save or publish got wrong, at the top of its form, as GOV.UK's design
 * system shows it: "There is a problem", the message, and each field's problem as a link
 * that brings the focus to that field. Each new refusal (`attempt` moves on) takes the
 * focus, so it is seen and read out however long the form and wherever it was sent from.
 *
 *   <ErrorSummary problem={problem} errors={errors} attempt={attempt} />
 *
 * `fieldName` turns an error's key into the name of its control in the form (the page
 * copy's controls are "copy-<path>").
 */
export function ErrorSummary({
  problem,
  errors = {},
  attempt,
  fieldName = (key) => key,
}: {
  problem?: string;
  errors?: Record<string, string>;
  attempt: number;
  fieldName?: (key: string) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  // The summary's own element once drawn: its fields are looked up in its own form, as a
  // page may hold several forms with the same field names (one upload form per page).
  const [drawn, setDrawn] = useState<HTMLDivElement | null>(null);
  const draw = useCallback((element: HTMLDivElement | null) => {
    box.current = element;
    setDrawn(element);
  }, []);
  const headingId = useId();
  const entries = Object.entries(errors).filter(([key]) => key !== "form");
  const messages = [...new Set([problem, errors.form].filter((text): text is string => Boolean(text)))];
  const shown = messages.length > 0 || entries.length > 0;
  // Each field's control, by its name: the summary shows after a refusal, once the form is drawn.
  const idOf = (key: string) => {
    if (typeof document === "undefined") return undefined;
    const scope = drawn?.closest("form") ?? document;
    return scope.querySelector<HTMLElement>(`[name="${CSS.escape(fieldName(key))}"]`)?.id || undefined;
  };
  useEffect(() => {
    if (attempt > 0 && shown) {
      box.current?.focus();
      box.current?.scrollIntoView({ block: "start" });
    }
    // Only a new attempt moves the focus, not a message changing under it.
  }, [attempt, shown]);
  if (!shown) return null;
  return (
    <div
      ref={draw}
      tabIndex={-1}
      role="alert"
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-control border-2 border-danger bg-surface p-4 text-ink focus:ring-4 focus:ring-danger/30 focus:outline-none"
    >
      <h2 id={headingId} className="text-lg font-bold">
        There is a problem
      </h2>
      {messages
        .filter((message) => !entries.some(([, text]) => text === message))
        .map((message) => (
          <p key={message} className="mt-2">
            {message}
          </p>
        ))}
      {entries.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {entries.map(([key, message]) => {
            const id = idOf(key);
            return (
              <li key={key}>
                {id ? (
                  <a
                    href={`#${id}`}
                    className="font-semibold text-danger underline underline-offset-2"
                    onClick={(event) => {
                      // The field itself takes the focus, not just the page's scroll.
                      const control = document.getElementById(id);
                      if (!control) return;
                      event.preventDefault();
                      control.focus();
                      control.scrollIntoView({ block: "center" });
                    }}
                  >
                    {message}
                  </a>
                ) : (
                  message
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
