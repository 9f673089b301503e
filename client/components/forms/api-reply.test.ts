import { describe, expect, it } from "vitest";
import { errorMessages, notSavedMessage } from "#shared/error-catalogue.ts";
import { staleFormMessage } from "#shared/forms/bot-guard.ts";
import { requestMessages } from "#shared/request-messages.ts";
import { interpretApiReply, type RawReply } from "./api-reply";

const json = (ok: boolean, body: unknown, statusText = ""): RawReply => ({
  ok,
  statusText,
  body: JSON.stringify(body),
});

const nginx502 = `<html>
<head><title>502 Bad Gateway</title><style>body { font-family: "Permission Denied Sans" }</style></head>
<body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body>
</html>`;

describe("interpretApiReply: our API's own answers", () => {
  it("reads a success", () => {
    expect(interpretApiReply(json(true, { success: true }))).toEqual({ outcome: "success" });
  });

  it("passes the catalogue's texts and the request messages through", () => {
    for (const text of [
      errorMessages.unexpected,
      errorMessages.network,
      notSavedMessage,
      requestMessages.tooLarge,
      requestMessages.rateLimited(1),
      requestMessages.rateLimited(10),
    ]) {
      expect(interpretApiReply(json(false, { success: false, error: text }))).toEqual({
        outcome: "failed",
        message: text,
      });
    }
  });

  it("gives field refusals to the fields", () => {
    const message = "Phone Number must be a valid phone number";
    expect(
      interpretApiReply(
        json(false, { success: false, error: message, fieldErrors: { phoneNumber: message } }),
      ),
    ).toEqual({ outcome: "invalid", message, fieldErrors: { phoneNumber: message } });
  });

  it("shows a stale form's message rather than putting it beside the hidden start field", () => {
    const reply = {
      success: false,
      error: staleFormMessage,
      fieldErrors: { formStartedAt: staleFormMessage },
    };
    expect(interpretApiReply(json(false, reply))).toEqual({ outcome: "failed", message: staleFormMessage });
  });
});

describe("interpretApiReply: answers it does not recognise go through the requirements §8 catalogue", () => {
  it.each<[string, RawReply, string | undefined]>([
    [
      "a proxy's 403 text",
      { ok: false, statusText: "Forbidden", body: "permission denied" },
      errorMessages.permission,
    ],
    ["an HTML 502 page", { ok: false, statusText: "Bad Gateway", body: nginx502 }, undefined],
    ["a 504 page", { ok: false, statusText: "Gateway Timeout", body: "<h1>504</h1>" }, errorMessages.network],
    ["an empty answer", { ok: false, statusText: "", body: "" }, undefined],
    [
      "a JSON error we never wrote",
      json(false, { success: false, error: "SQLITE_BUSY: database is locked" }),
      undefined,
    ],
    [
      "a JSON error naming a constraint",
      json(false, { success: false, error: "duplicate key value" }),
      errorMessages.duplicate,
    ],
    [
      "a JSON body of another shape",
      json(false, { message: "Access denied by WAF" }, "Forbidden"),
      errorMessages.permission,
    ],
    [
      "field messages we never wrote",
      json(false, { success: false, error: "x", fieldErrors: { a: "y" } }),
      undefined,
    ],
    [
      "a 200 login page from a captive portal",
      { ok: true, statusText: "OK", body: "<p>Sign in to Wi-Fi</p>" },
      undefined,
    ],
  ])("%s", (_what, reply, message) => {
    const interpreted = interpretApiReply(reply);
    expect(interpreted).toEqual({ outcome: "failed", message });
    // Whatever is shown is one of the catalogue's texts, never the reply's own.
    if (message) expect(Object.values(errorMessages)).toContain(message);
  });

  it("never matches words inside an error page's markup or styles", () => {
    // The style names "Permission Denied Sans": the page itself says only "502 Bad Gateway".
    expect(interpretApiReply({ ok: false, statusText: "", body: nginx502 })).toEqual({
      outcome: "failed",
      message: undefined,
    });
  });
});
