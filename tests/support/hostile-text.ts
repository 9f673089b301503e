import fc from "fast-check";

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
