import type { NextFunction, Request, RequestHandler, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { loadOnFirstRequest } from "./load-on-first-request";

const request = {} as Request;
const response = {} as Response;

/** Calls a handler as Express would, resolving with what it passed to `next`, or "handled". */
function call(handler: RequestHandler): Promise<unknown> {
  return new Promise((resolve) => {
    const next: NextFunction = (error?: unknown) => resolve(error ?? "next");
    void handler(request, response, next);
    setTimeout(() => resolve("handled"), 20);
  });
}

describe("loadOnFirstRequest", () => {
  it("loads nothing until a request comes, then once for all the requests that wait", async () => {
    const served = vi.fn<RequestHandler>();
    let finish: (handler: RequestHandler) => void = () => {};
    const load = vi.fn(() => new Promise<RequestHandler>((resolve) => (finish = resolve)));
    const handler = loadOnFirstRequest(load);
    expect(load).not.toHaveBeenCalled();

    const first = call(handler);
    const second = call(handler);
    finish(served);
    expect(await first).toBe("handled");
    expect(await second).toBe("handled");
    await call(handler);
    expect(load).toHaveBeenCalledTimes(1);
    expect(served).toHaveBeenCalledTimes(3);
  });

  it("answers a failed load as an error, and tries again with the next request", async () => {
    const served = vi.fn<RequestHandler>();
    const failure = new Error("chunk missing");
    const load = vi
      .fn<() => Promise<RequestHandler>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValueOnce(served);
    const handler = loadOnFirstRequest(load);

    expect(await call(handler)).toBe(failure);
    expect(await call(handler)).toBe("handled");
    expect(load).toHaveBeenCalledTimes(2);
    expect(served).toHaveBeenCalledTimes(1);
  });
});
