import fc from "fast-check";
import { nastyPieces } from "./hostile-text";

/**
 * Real South African numbers as visitors write them, for the property tests: the same
 * number with its trunk 0 or a country code, grouped with spaces, hyphens or brackets.
 */

/** Area codes and mobile prefixes in service (Cape Town, Johannesburg, Pretoria, Durban; mobile networks). */
const prefixes = ["21", "11", "12", "31", "61", "72", "73", "76", "82", "83"];

/** A ZA number as its nine significant digits, e.g. "825551234". */
export const southAfricanNationalNumber = fc
  .tuple(fc.constantFrom(...prefixes), fc.stringMatching(/^\d{7}$/))
  .map(([prefix, rest]) => prefix + rest);

/** Ways of writing "82 555 1234", as a function of its parts. */
const writings: Array<(area: string, first: string, last: string) => string> = [
  (a, f, l) => `0${a} ${f} ${l}`,
  (a, f, l) => `0${a}${f}${l}`,
  (a, f, l) => `(0${a}) ${f}-${l}`,
  (a, f, l) => `0${a}-${f}-${l}`,
  (a, f, l) => `+27 ${a} ${f} ${l}`,
  (a, f, l) => `+27${a}${f}${l}`,
  (a, f, l) => `+27 (${a}) ${f}-${l}`,
  (a, f, l) => `+27 (0)${a} ${f} ${l}`,
  (a, f, l) => `0027 ${a} ${f} ${l}`,
  (a, f, l) => ` 0${a}  ${f} ${l} `,
];

/** One number in one of the ways people write it, with the E.164 form it must be stored as. */
export const writtenSouthAfricanNumber = fc
  .tuple(southAfricanNationalNumber, fc.constantFrom(...writings))
  .map(([national, write]) => ({
    written: write(national.slice(0, 2), national.slice(2, 5), national.slice(5)),
    e164: `+27${national}`,
  }));

/** Text that is mostly phone-number characters, with hostile pieces now and then. */
export const phoneLikeText = fc
  .array(
    fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom(..."0123456789") },
      { weight: 3, arbitrary: fc.constantFrom(" ", "-", "(", ")", "+", "00") },
      { weight: 1, arbitrary: nastyPieces },
      { weight: 1, arbitrary: fc.string({ maxLength: 3 }) },
    ),
    { maxLength: 24 },
  )
  .map((pieces) => pieces.join(""));
