/**
 * Just enough MIME reading for tests of the messages nodemailer writes: headers
 * (unfolded, encoded words decoded), the text/plain and text/html parts, a text/calendar
 * alternative and attachments.
 */
export type MailPart = { contentType: string; filename: string | undefined; content: string };

export type ParsedMail = {
  headers: Map<string, string>;
  header(name: string): string | undefined;
  subject: string;
  text: string;
  html: string;
  /** The text/calendar alternative (an invitation), with its Content-Type; undefined when none. */
  calendar: MailPart | undefined;
  /** Parts sent as attachments (Content-Disposition: attachment), decoded as UTF-8. */
  attachments: MailPart[];
};

type Collected = { text: string; html: string; calendar: MailPart | undefined; attachments: MailPart[] };

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: "" };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const input = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < input.length; i++) {
    const hex = input.slice(i + 1, i + 3);
    if (input[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(input[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case "quoted-printable":
      return decodeQuotedPrintable(body);
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    default:
      return body;
  }
}

function collectParts(headers: Map<string, string>, body: string, into: Collected): void {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const { head, body: partBody } = splitHead(section.replace(/^\r?\n/, ""));
      collectParts(parseHeaders(head), partBody, into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding")).replace(/\r?\n$/, "");
  const disposition = headers.get("content-disposition") ?? "";
  if (/^attachment/i.test(disposition)) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
    into.attachments.push({ contentType: type, filename, content: decoded });
  } else if (type.toLowerCase().startsWith("text/calendar"))
    into.calendar ??= { contentType: type, filename: undefined, content: decoded };
  else if (type.toLowerCase().startsWith("text/html")) into.html ||= decoded;
  else if (type.toLowerCase().startsWith("text/plain")) into.text ||= decoded;
}

export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const parts: Collected = { text: "", html: "", calendar: undefined, attachments: [] };
  collectParts(headers, body, parts);
  return {
    headers,
    header: (name) => headers.get(name.toLowerCase()),
    subject: headers.get("subject") ?? "",
    ...parts,
  };
}
