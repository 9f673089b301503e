// What the forms accept, without zod: the pages render their fields from this module,
// and the schemas (schema-parts.ts and the *-schema.ts modules) load only when a form is used.
// The IDNA label codec (RFC 3492): the package, not Node's deprecated built-in of that name.
import punycode from "punycode/punycode.js";
import { hasInvisibleCharacters } from "./invisible-characters";

/** requirements §9 business constants and limits that forms enforce. */
export const formLimits = {
  emailMax: 254,
  nameMin: 2,
  nameMax: 50,
  companyMax: 100,
  phoneInputMax: 20,
  projectDetailsMin: 10,
  projectDetailsMax: 1000,
} as const;

/**
 * requirements §5's x@y.z, narrowed to one practical mailbox that a mail client can reply to:
 * a dot-atom local part (no quoting, commas, semicolons, spaces or consecutive dots) and
 * a domain of letter-or-digit labels, internationalised ones included, ending in a
 * top-level domain of letters (or its xn-- form).
 */
const LOCAL_ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const DOMAIN_LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{M}\\p{N}-]{0,61}[\\p{L}\\p{M}\\p{N}])?";
const EMAIL_PATTERN = new RegExp(
  `^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*@(?:${DOMAIN_LABEL}\\.)+(?:\\p{L}[\\p{L}\\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$`,
  "iu",
);
/** RFC 5321's limit on the part before the @. */
const EMAIL_LOCAL_MAX = 64;
/**
 * requirements §5's digits (a first digit 1 to 9, then up to 15 more), widened to the ways South
 * Africans write numbers: after an optional "+", "00" (international prefix) or "0" (trunk
 * prefix, as in 082 555 1234). At least six digits, so an obvious typo is caught at once.
 * Only the shape: the server checks the number itself (server/operations/leads/phone-numbers.ts).
 */
const PHONE_SHAPE = /^(?:\+|00|0)?[1-9]\d{5,15}$/;

/**
 * A combining mark on a Latin, Greek, Cyrillic or common character: every letter of those
 * scripts an address uses has a precomposed form, which NFC has made by now, so a mark
 * left over is stacked or decorative. Scripts that write vowels as marks (Devanagari,
 * Arabic, Thai...) keep theirs: "भारत" is a top-level domain.
 */
const MARK_ON_ALPHABET = /[\p{scx=Latin}\p{scx=Greek}\p{scx=Cyrillic}\p{scx=Common}]\p{M}/u;
const ASCII = /^[\x20-\x7e]*$/;

/**
 * True when IDNA (UTS #46, as browsers and Node convert a host name) gives the domain
 * the meaning it shows: the conversion succeeds, ASCII labels come out as typed but for
 * case, the others as xn-- labels, and no compatibility form (fullwidth letters or dots,
 * ligatures, circled letters) was folded into another character on the way.
 */
/**
 * True when an ASCII label that says it is IDNA-encoded ("xn--") really encodes a label:
 * it decodes, and the decoded label converts back to it. URL parsers differ here (Node 24's
 * takes any "xn--" label as it is, Node 20's checks it), so the check is made here, alike
 * in the browser, Node 20 and Node 24.
 */
function isRealALabel(label: string): boolean {
  const lower = label.toLowerCase();
  if (!lower.startsWith("xn--")) return true;
  try {
    const decoded = punycode.decode(lower.slice(4));
    return new URL(`http://${decoded}/`).hostname === lower;
  } catch {
    return false;
  }
}

function convertsUnchanged(domain: string): boolean {
  if (domain.normalize("NFKC").toLowerCase() !== domain.toLowerCase()) return false;
  let host: string;
  try {
    // The URL parser applies UTS #46 in both the browser and Node: no Node-only import.
    host = new URL(`http://${domain}/`).hostname;
  } catch {
    return false;
  }
  const labels = domain.split(".");
  const converted = host.split(".");
  return (
    labels.length === converted.length &&
    labels.every((label, index) => {
      const out = converted[index] ?? "";
      return ASCII.test(label) ? out === label.toLowerCase() && isRealALabel(label) : out.startsWith("xn--");
    })
  );
}

export function isValidEmail(value: string): boolean {
  return (
    value.length <= formLimits.emailMax &&
    value.indexOf("@") <= EMAIL_LOCAL_MAX &&
    EMAIL_PATTERN.test(value) &&
    !hasInvisibleCharacters(value) &&
    !MARK_ON_ALPHABET.test(value) &&
    convertsUnchanged(value.slice(value.indexOf("@") + 1))
  );
}

/**
 * A light check that runs in the browser and on the server alike: could this be a phone
 * number? requirements §5: spaces, hyphens and parentheses are ignored.
 */
export function looksLikePhoneNumber(value: string): boolean {
  // A plus sign only leads the number, or opens a bracket that does: "+27 …", "(+27) …".
  if (!/^[\s(]*\+?[\d\s()-]*$/.test(value)) return false;
  return PHONE_SHAPE.test(value.replace(/[\s\-()]/g, ""));
}

/** Beside every phone field: local writing is fine, other countries need their code. */
export const phoneNumberHint = "e.g. 082 555 0100, or with the country code outside South Africa";

export type Option<T extends string = string> = { value: T; label: string };

/** The values of an option list, typed as a non-empty tuple for z.enum. */
export function optionValues<T extends string>(options: readonly [Option<T>, ...Option<T>[]]): [T, ...T[]] {
  return options.map((option) => option.value) as [T, ...T[]];
}

export function optionLabel(
  options: readonly Option[],
  value: string | null | undefined,
): string | undefined {
  return options.find((option) => option.value === value)?.label;
}

/**
 * A chosen option as the visitor saw it on the form ("ui-ux" → "UI/UX Design"), for the
 * CLI and the e-mails. A code no option has (any more) is shown as stored rather than hidden.
 */
export function answerLabel(options: readonly Option[], code: string | null): string | null {
  return code === null ? null : (optionLabel(options, code) ?? code);
}
