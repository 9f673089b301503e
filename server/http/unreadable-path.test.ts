import { describe, expect, it } from "vitest";
import { literalPath, pathProblem } from "#server/http/unreadable-path.ts";

describe("paths the router cannot take", () => {
  it("are 400 when an escape cannot be decoded", () => {
    for (const path of ["/%", "/news/%", "/%zz", "/%ff", "/caf%C3", "/%E2%82", "/a%2"]) {
      expect(pathProblem(path), path).toBe(400);
    }
  });

  it("are 404 when they decode to a control character or a backslash", () => {
    for (const path of [
      "/%09/%25",
      "/%0A",
      "/a%0D",
      "/%00",
      "/%7F",
      "/%1f/x",
      "/%5C%5Cevil.test",
      "/news/%09",
    ]) {
      expect(pathProblem(path), path).toBe(404);
    }
  });

  it("leave every other path alone", () => {
    for (const path of [
      "/",
      "/about",
      "/news/launch-day",
      "/caf%C3%A9",
      "/%2525",
      "/%20x",
      "/a%2Fb",
      "/%E2%80%A8",
    ]) {
      expect(pathProblem(path), path).toBeUndefined();
    }
  });

  it("are shown as sent: the literal path decodes to the path's own text", () => {
    for (const path of ["/%09/%25", "/%", "/news/%ff"]) {
      expect(decodeURIComponent(literalPath(path))).toBe(path);
      expect(pathProblem(literalPath(path))).toBeUndefined();
    }
  });
});
