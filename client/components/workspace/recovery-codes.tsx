import { useState } from "react";
import { slugify } from "#shared/slug.ts";
import { agencyDateOf } from "#shared/forms/appointment.ts";
import { useSiteSettings } from "#client/lib/root-data.ts";
import { Button } from "./button";
import { Notice } from "./notice";
import { copyText } from "./copy-text";
import { GroupedCode } from "./break-points";

/**
 * Recovery codes, shown once (the server keeps only their hashes): the list, "Copy",
 * "Download" (a text file), "Print" (only the codes go on paper, app.css) and "I've saved
 * them", which calls `onSaved` (go on to the overview, or hide them).
 */

/** The file's text: a heading line naming the account and the day, then one code a line. */
export function recoveryCodesText(
  codes: readonly string[],
  account: string,
  brand: string,
  day: string,
): string {
  return [`${brand} staff workspace: recovery codes for ${account}, made ${day}`, "", ...codes, ""].join(
    "\n",
  );
}

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RecoveryCodes({
  codes,
  account,
  onSaved,
}: {
  codes: readonly string[];
  /** The account's e-mail address, named in the file and on paper. */
  account: string;
  onSaved: () => void;
}) {
  const { brandName } = useSiteSettings();
  const [copied, setCopied] = useState(false);
  // The agency's calendar day, "2026-11-26": the file and the paper say when the set was made.
  const day = agencyDateOf(new Date());
  const heading = `${brandName} staff workspace: recovery codes for ${account}, made ${day}`;
  async function copy() {
    if (await copyText(codes.join("\n"), "Select the codes and copy them by hand.")) setCopied(true);
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
      <div className="print-alone">
        <p className="hidden font-semibold text-ink print:block">{heading}</p>
        {/* One a line: five groups of five do not fit two abreast in the sign-in pages' column. */}
        <ol className="grid gap-2 rounded-control bg-muted p-4 font-mono text-base text-ink">
          {codes.map((code) => (
            <li key={code}>
              <GroupedCode code={code} />
            </li>
          ))}
        </ol>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            download(
              `${slugify(brandName)}-recovery-codes.txt`,
              recoveryCodesText(codes, account, brandName, day),
            )
          }
        >
          Download
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <Button onClick={onSaved}>I’ve saved them</Button>
      </div>
    </section>
  );
}
