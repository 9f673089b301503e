import type { SendMailOptions } from "nodemailer";

/**
 * The plain-text part as written, line for line. nodemailer sends a text part with a line
 * over 76 characters as quoted-printable, which breaks that line every 76 characters with a
 * soft "=" line break: a link of 77 or more characters (an invitation's, a lead's page)
 * arrives in two halves wherever the message is read as it is (a `.eml` file in an editor,
 * a client that shows the source, a copy from the terminal), and a half opens nothing.
 * RFC 5322 allows lines of up to 998 octets, so the part goes as it is written (7bit, or
 * 8bit when it has non-ASCII letters) and only a line longer than that is broken, at a
 * space, which no link contains.
 */

const MAX_LINE_OCTETS = 998;

/** Breaks a line too long for SMTP at its last space that fits, repeatedly. */
function fitLine(line: string): string[] {
  const lines: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest) > MAX_LINE_OCTETS) {
    let cut = rest.length;
    while (cut > 0 && Buffer.byteLength(rest.slice(0, cut)) > MAX_LINE_OCTETS) {
      cut = rest.lastIndexOf(" ", cut - 1);
    }
    // No space early enough: break by characters (no link is 998 octets long).
    if (cut <= 0) {
      cut = MAX_LINE_OCTETS;
      while (Buffer.byteLength(rest.slice(0, cut)) > MAX_LINE_OCTETS) cut--;
    }
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^ /, "");
  }
  lines.push(rest);
  return lines;
}

/** The text in lines SMTP carries as they are, with CRLF line ends. */
export function wholeLines(text: string): string {
  return text
    .split(/\r?\n/)
    .flatMap((line) => fitLine(line))
    .join("\r\n");
}

/** The message with its plain-text part sent unencoded, so no line of it is split. */
export function withWholeTextLines(message: SendMailOptions): SendMailOptions {
  if (typeof message.text !== "string") return message;
  const body = wholeLines(message.text);
  // eslint-disable-next-line no-control-regex -- ASCII is exactly what 7bit may carry
  const encoding = /^[\x00-\x7f]*$/.test(body) ? "7bit" : "8bit";
  const raw = `Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
  return { ...message, text: { raw } };
}
