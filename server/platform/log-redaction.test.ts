import { describe, expect, it } from "vitest";
import { redactUrl } from "#server/platform/log-redaction.ts";

describe("redactUrl", () => {
  it("hides an old-style invitation link's token, in any case", () => {
    expect(redactUrl("/admin/invitation/AbC123_-xyz")).toBe("/admin/invitation/[redacted]");
    expect(redactUrl("/Admin/Invitation/AbC123_-xyz?x=1")).toBe("/Admin/Invitation/[redacted]?x=1");
  });

  it("hides a calendar feed's token however the path is spelled", () => {
    const token = "0123456789abcdef".repeat(4);
    expect(redactUrl(`/calendar/${token}.ics`)).toBe("/calendar/[redacted]");
    expect(redactUrl(`/Calendar/${token}.ics?x=1`)).toBe("/calendar/[redacted]?x=1");
    expect(redactUrl(`//%63alendar/${token}.ics`)).toBe("/calendar/[redacted]");
    expect(redactUrl(`/calendar\\${token}`)).toBe("/calendar/[redacted]");
  });

  it("hides everything after a visitor's appointment page's prefix, in any case", () => {
    expect(redactUrl("/appointment/manage/AbC123_-xyzAbC123_-xyzAbC123_-xyz0123456?x=1")).toBe(
      "/appointment/manage/[redacted]?x=1",
    );
    expect(redactUrl("/Appointment/Manage/short/more")).toBe("/Appointment/Manage/[redacted]");
    expect(redactUrl("/book-appointment")).toBe("/book-appointment");
  });

  it("hides credential parameters and keeps the others", () => {
    expect(redactUrl("/newsletter/confirm?token=s3cr3t&utm_source=mail")).toBe(
      "/newsletter/confirm?token=[redacted]&utm_source=mail",
    );
    expect(redactUrl("/x?Code=1&KEY=2&page=3")).toBe("/x?Code=[redacted]&KEY=[redacted]&page=3");
  });

  it("hides every preview parameter's value, whatever it holds", () => {
    expect(redactUrl("/news/a-post?preview=pv1.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde")).toBe(
      "/news/a-post?preview=[redacted]",
    );
    expect(redactUrl("/?utm_source=x&Preview=anything&preview=&PREVIEW=a.b")).toBe(
      "/?utm_source=x&Preview=[redacted]&preview=[redacted]&PREVIEW=[redacted]",
    );
  });

  it("hides token-like segments of workspace paths but keeps slugs and ids", () => {
    expect(redactUrl("/admin/api/things/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5")).toBe("/admin/api/things/[redacted]");
    expect(redactUrl("/admin/content/news/wine-estate-cellar-door-refresh")).toBe(
      "/admin/content/news/wine-estate-cellar-door-refresh",
    );
    expect(redactUrl("/admin/leads/42")).toBe("/admin/leads/42");
    expect(redactUrl("/news/a-very-long-article-slug-of-words")).toBe(
      "/news/a-very-long-article-slug-of-words",
    );
  });
});
