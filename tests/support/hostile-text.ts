import fc from "fast-check";

/**
 * Invisible code points alone: a field of nothing else must be refused as empty, and one
 * inside an address must be refused, not removed into a different address.
 */
export const invisiblePieces = [
  "\u00ad",
  "\u034f",
  "\u061c",
  "\u115f",
  "\u1160",
  "\u17b4",
  "\u180e",
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\u206a",
  "\u206f",
  "\u2800",
  "\u3164",
  "\ufe0f",
  "\ufeff",
  "\uffa0",
  "\ufff9",
  "\ufffb",
  "\u{1d173}",
  "\u{1d17a}",
  "\u{e0001}",
  "\u{e0020}",
  "\u{e007f}",
  "\u{e0100}",
] as const;

/**
 * Generated text as attackers and broken clients send it, for the property tests of the
 * schemas and the fuzz suite: ordinary characters of any script mixed with what breaks
 * storage, terminals, spreadsheets and mail headers.
 */
export const nastyPieces = fc.constantFrom(
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "\u009b",
  "\r",
  "\n",
  "\r\n",
  "\t",
  "\u2028",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u200b",
  "\u200d",
  "\ufeff",
  "\ud800",
  "\ud83d",
  "\uffff",
  // Invisible fillers and formatting that stored leads were found to hold (issue #39).
  "\u206a",
  "\u206f",
  "\u{e0001}",
  "\u{e0041}\u{e007f}",
  "\ufff9",
  "\ufffb",
  "\u{1d173}",
  "\u{1d17a}",
  "\u034f",
  "\u3164",
  "\u115f",
  "\u1160",
  "\uffa0",
  "\u2800",
  "\u17b4",
  "\u180b",
  "\u200c",
  "\ufe0f",
  "\u{e0100}",
  // Noncharacters of every plane, not only the basic one.
  "\ufdd0",
  "\u{1fffe}",
  "\u{2ffff}",
  "\u{10ffff}",
  "<",
  ">",
  "<script>",
  ",",
  ";",
  "..",
  " ",
  "@",
  '"',
  "=?utf-8?q?x?=",
  "Bcc: x@evil.example",
);

export const hostileText = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 8 }) }, nastyPieces), {
    maxLength: 12,
  })
  .map((parts) => parts.join(""));
