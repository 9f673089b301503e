import { useState } from "react";
import { Button } from "./button";
import { Notice } from "./notice";
import { toast } from "./toasts";

/**
 * Recovery codes, shown once (the server keeps only their hashes): the list, "Copy" and
 * "I've saved them", which calls `onSaved` (go on to the account page, or hide them).
 */
export function RecoveryCodes({ codes, onSaved }: { codes: readonly string[]; onSaved: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
    } catch {
      toast({ title: "Could not copy", description: "Select the codes and copy them by hand." });
    }
  }
  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <h2 id="recovery-codes-title" className="text-xl font-bold text-ink">
        Your recovery codes
      </h2>
      <Notice tone="warning">
        Each code signs you in once instead of an authenticator code. Keep them somewhere safe, such as a
        password manager: they are not shown again.
      </Notice>
      {/* One a line: five groups of five do not fit two abreast in the sign-in pages' column. */}
      <ol className="grid gap-2 rounded-control bg-muted p-4 font-mono text-base text-ink">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button onClick={onSaved}>I’ve saved them</Button>
      </div>
    </section>
  );
}
