import { useState, type ReactNode } from "react";
import type { z } from "zod";
import type { CopyFieldMeta } from "#shared/copy/copy-fields.ts";
import { Button } from "#client/components/workspace/button.tsx";
import { emptyValue, moveEntry, pathKey, type CopyPath, type CopyValue } from "./copy-document";

/**
 * A list of a page's copy (value cards, steps, points) the editor reorders, adds to and
 * removes from, within the counts its design holds. The buttons say what they do to which
 * entry, and a polite live region says where an entry went.
 */
export function CopyList({
  meta,
  element,
  value,
  path,
  errors,
  onChange,
  renderEntry,
}: {
  meta: Extract<CopyFieldMeta, { kind: "list" }>;
  element: z.ZodType;
  value: CopyValue[];
  path: CopyPath;
  errors: Record<string, string>;
  onChange(path: CopyPath, value: CopyValue): void;
  /** Draws one entry's fields; `label` names a one-field entry ("Paragraph 2"). */
  renderEntry(entry: CopyValue, index: number, label: string): ReactNode;
}) {
  const [said, setSaid] = useState("");
  const error = errors[pathKey(path)];
  const { itemLabel, min, max } = meta;
  const change = (next: CopyValue[], news: string) => {
    onChange(path, next);
    setSaid(news);
  };

  return (
    <fieldset className="min-w-0 space-y-4 rounded-card border border-line p-4 sm:p-5">
      <legend className="px-1 text-lg font-semibold text-ink">{meta.label}</legend>
      <p className="text-sm text-ink-soft">
        {min === max ? `Exactly ${min}.` : `From ${min} to ${max}.`} This page has {value.length}.
      </p>
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <ol className="space-y-4">
        {value.map((entry, index) => {
          const position = `${itemLabel} ${index + 1}`;
          return (
            <li key={index} className="space-y-3 rounded-control bg-muted p-3 sm:p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold text-ink">{position}</p>
                <div className="flex flex-wrap gap-1">
                  <Button
                    variant="quiet"
                    disabled={index === 0}
                    aria-label={`Move ${position} up`}
                    onClick={() =>
                      change(moveEntry(value, index, index - 1), `${position} is now ${itemLabel} ${index}.`)
                    }
                  >
                    Move up
                  </Button>
                  <Button
                    variant="quiet"
                    disabled={index === value.length - 1}
                    aria-label={`Move ${position} down`}
                    onClick={() =>
                      change(
                        moveEntry(value, index, index + 1),
                        `${position} is now ${itemLabel} ${index + 2}.`,
                      )
                    }
                  >
                    Move down
                  </Button>
                  <Button
                    variant="quiet"
                    disabled={value.length <= min}
                    aria-label={`Remove ${position}`}
                    onClick={() =>
                      change(
                        value.filter((_, at) => at !== index),
                        `${position} removed.`,
                      )
                    }
                  >
                    Remove
                  </Button>
                </div>
              </div>
              {renderEntry(entry, index, position)}
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        disabled={value.length >= max}
        onClick={() =>
          change([...value, emptyValue(element)], `${itemLabel} ${value.length + 1} added at the end.`)
        }
      >
        Add {itemLabel.toLowerCase()}
      </Button>
      <p aria-live="polite" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}
