/**
 * What a visitor is told when a request, rather than a form field, is at fault: the
 * JSON API answers these as `error`, pages posted without JavaScript show them.
 */
export const requestMessages = {
  crossSite: "This form can only be submitted from our website.",
  unsupportedType: "Please send the form as JSON or as an ordinary form submission.",
  pageUnsupportedType:
    "This page only accepts its own form. Please fill it in on the page and send it again.",
  tooLarge: "The submission is too large. Please shorten your message and try again.",
  malformed: "The submission could not be read. Please check it and try again.",
  notFound: "There is no such API endpoint.",
  rateLimited: (minutes: number) =>
    `Too many submissions from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
} as const;
