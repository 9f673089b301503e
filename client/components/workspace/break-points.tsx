import { Fragment } from "react";

/**
 * Text that wraps only where a person would break it on a narrow screen. An e-mail address
 * breaks before its "@" and before each dot of its domain; a code breaks between its groups.
 * A part short enough to fit any line here does not break at all (not even at the hyphen in
 * "karoo-design"); a longer one may, so nothing scrolls sideways. Parts stay inline text, so
 * a screen reader and a copy read the address whole.
 */

/**
 * "thandi.nkosi@karoo-interiors.co.za", breakable before "@" and before each dot after it;
 * a long name before the "@" also after its own hyphens, dots and underscores.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at <= 0) return <Parts parts={[address]} />;
  const local = address.slice(0, at);
  // A name too long for one line breaks after its own hyphens, dots or underscores first,
  // as a person would, not wherever the line happens to end.
  const localParts = local.length > KEPT_WHOLE ? local.split(/(?<=[-._+])/u) : [local];
  return <Parts parts={[...localParts, ...splitBefore(address.slice(at), ".")]} />;
}

/** "ab3de-fg7hj-…", breakable after each "-" (as the line breaker allows) and nowhere inside a group. */
export function GroupedCode({ code }: { code: string }) {
  return <Parts parts={code.split(/(?<=-)/u)} />;
}

/** "ABCD EFGH …" for a key typed by hand: groups of four, spaced by CSS so a copy has no spaces. */
export function SpacedKey({ value }: { value: string }) {
  const groups = value.match(/.{1,4}/g) ?? [value];
  return (
    <span className="inline-flex flex-wrap gap-x-[1ch]">
      {groups.map((group, index) => (
        <span key={index} data-part="">
          {group}
        </span>
      ))}
    </span>
  );
}

function splitBefore(text: string, mark: string): string[] {
  return text.split(new RegExp(`(?=[${mark}])`, "u"));
}

/** The longest part kept on one line: about 140 px, under the narrowest card line at 360 px. */
const KEPT_WHOLE = 16;

function Parts({ parts }: { parts: readonly string[] }) {
  return (
    <span>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span data-part="" className={part.length <= KEPT_WHOLE ? "whitespace-nowrap" : "wrap-anywhere"}>
            {part}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
