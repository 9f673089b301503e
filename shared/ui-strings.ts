/**
 * Words the site says in more than one place, written once (docs/requirements.md's wording): the forms,
 * their schemas and the error pages read them from here. A test
 * (tests/unit/ui-strings.test.ts) fails if one is written out anywhere else.
 */
export const uiStrings = {
  /** requirements §5, beside every e-mail field. */
  emailInvalid: "Please enter a valid email address",
  /** requirements §5, beside every phone field. */
  phoneInvalid: "Please enter a valid phone number",
  /** Every form's submit button while it sends. */
  submitting: "Submitting...",
  /** The 404 page's heading, from the router's error boundary and the catch-all route. */
  notFoundTitle: "Oops! Page not found",
} as const;
