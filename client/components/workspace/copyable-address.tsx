import type { ReactNode } from "react";
import { Button, type ButtonVariant } from "./button";
import { copyText } from "./copy-text";
import { TextField } from "./fields";
import { toast } from "./toasts";

/**
 * An address to copy (a calendar feed's, a preview link): read only, all of it selected on
 * focus, with a button that puts it on the clipboard and says so, then the place's own actions.
 */
export function CopyableAddress({
  label,
  name,
  value,
  description,
  copy,
  children,
}: {
  label: string;
  name: string;
  value: string;
  description: string;
  /** The button's words, its look, the toast once copied, and the sentence when the browser refuses. */
  copy: { label: string; variant: ButtonVariant; copied: string; byHand: string };
  children: ReactNode;
}) {
  async function copyValue() {
    if (await copyText(value, copy.byHand)) toast({ variant: "success", title: copy.copied });
  }
  return (
    <>
      <TextField
        label={label}
        name={name}
        value={value}
        readOnly
        spellCheck={false}
        onFocus={(event) => event.target.select()}
        description={description}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant={copy.variant} onClick={() => void copyValue()}>
          {copy.label}
        </Button>
        {children}
      </div>
    </>
  );
}
