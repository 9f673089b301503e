import { describe, expect, it } from "vitest";
import {
  appointmentFailureFallback,
  describeForLog,
  errorMessages,
  formToasts,
  leadFailureFallback,
  notSavedMessage,
  redactSensitive,
  toVisitorMessage,
} from "./error-catalogue";

describe("error catalogue mapping (requirements §8)", () => {
  it.each([
    ['duplicate key value violates unique constraint "leads_pkey"', errorMessages.duplicate],
    ["UNIQUE constraint failed: newsletter_subscribers.email", errorMessages.duplicate],
    ["insert violates foreign key constraint", errorMessages.dependency],
    ["row is still referenced from table", errorMessages.dependency],
    ["permission denied for table leads", errorMessages.permission],
    ["Access denied", errorMessages.permission],
    ["NetworkError when attempting to fetch resource", errorMessages.network],
    ["Connection timeout", errorMessages.network],
    ["SQLITE_CORRUPT: database disk image is malformed at /srv/data/site.sqlite", errorMessages.unexpected],
    ["", errorMessages.unexpected],
  ])("%j → %j", (text, shown) => {
    expect(toVisitorMessage(new Error(text))).toBe(shown);
  });

  it("has the exact texts", () => {
    expect(errorMessages).toEqual({
      duplicate: "This item already exists",
      dependency: "Cannot perform this action due to existing dependencies",
      permission: "You do not have permission to perform this action",
      network: "Network error. Please try again",
      unexpected: "An unexpected error occurred. Please try again",
    });
  });

  it("says plainly, for a 503, that nothing was saved and when to try again", () => {
    expect(notSavedMessage).toBe(
      "Your request was not saved because of a problem on our side. Please try again in a minute.",
    );
    // A storage failure's raw text never maps to it: only the 503 answers use it.
    expect(toVisitorMessage(new Error("SQLITE_FULL: database or disk is full"))).toBe(
      errorMessages.unexpected,
    );
  });

  it("maps things that are not Errors too", () => {
    expect(toVisitorMessage("request timeout")).toBe(errorMessages.network);
    expect(toVisitorMessage({ message: "duplicate key" })).toBe(errorMessages.duplicate);
    expect(toVisitorMessage(undefined)).toBe(errorMessages.unexpected);
  });
});

describe("redaction (requirements §8)", () => {
  it("hides password, token, key, secret, auth, database and connection words, and values after them", () => {
    const text = "auth failed: password=hunter2 token: abc123 for apiKey secret on database connection";
    const redacted = redactSensitive(text);
    for (const word of [
      "auth",
      "password",
      "hunter2",
      "token",
      "abc123",
      "apiKey",
      "secret",
      "database",
      "connection",
    ]) {
      expect(redacted.toLowerCase()).not.toContain(word.toLowerCase());
    }
    expect(redacted).toContain("failed");
    expect(redacted).toContain("[redacted]");
  });

  it("labels log lines with their context", () => {
    expect(describeForLog("lead form", new Error("Invalid login: 535 Authentication failed"))).toBe(
      "lead form: Invalid login: 535 [redacted] failed",
    );
    expect(describeForLog("lead form", null)).toBe("lead form: unknown error");
  });
});

describe("form fallbacks and toasts (requirements §5, §8)", () => {
  it("asks the visitor to try again or e-mail us", () => {
    expect(leadFailureFallback("hello@agency.test")).toBe(
      "We could not send your request. Please try again, or contact us by e-mail at hello@agency.test.",
    );
    expect(appointmentFailureFallback).toBe(
      "Failed to send your appointment request. Please try again later.",
    );
  });

  it("keeps the toast texts", () => {
    expect(formToasts).toMatchObject({
      validationTitle: "Validation Error",
      validationDescription: "Please correct the errors and try again",
      submissionFailedTitle: "Submission failed",
      appointmentSuccessTitle: "Appointment requested!",
      appointmentSuccessDescription: "We'll confirm your appointment shortly.",
    });
  });
});
