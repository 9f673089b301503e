/**
 * Whether a request body's text is UTF-8. Decoders otherwise turn a bad byte into U+FFFD
 * and the replacement character is stored as if someone had typed it; the server's body
 * parsers and the pages' form actions refuse such a body instead.
 */

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/** The bytes decode as UTF-8 (JSON, a multipart form's text). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * A form-encoded body is ASCII with its text percent-encoded: every name and value must
 * decode to UTF-8 (URLSearchParams and querystring would quietly turn `%FF` into U+FFFD).
 */
export function isUtf8FormEncoded(bytes: Uint8Array): boolean {
  if (!isUtf8(bytes)) return false;
  const text = new TextDecoder().decode(bytes);
  for (const pair of text.split("&")) {
    for (const part of pair.split("=")) {
      try {
        decodeURIComponent(part.replace(/\+/g, " "));
      } catch {
        return false;
      }
    }
  }
  return true;
}
