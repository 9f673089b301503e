import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  isRouteErrorResponse,
  type HandleErrorFunction,
} from "react-router";
import { errorForLog } from "#shared/error-catalogue.ts";
import { NonceProvider } from "./lib/nonce";

/** How long suspended data may stream before React gives up on it. */
export const streamTimeout = 5_000;
/** The render is aborted after the stream timeout, so rejected boundaries still flush. */
const abortTimeout = streamTimeout + 1_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // A path the router cannot take is shown the not-found page (server/http/unreadable-path.ts),
  // answered 400 when its escapes could not be decoded.
  if (loadContext.pathProblem && responseStatusCode === 404) responseStatusCode = loadContext.pathProblem;
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  // Browsers get the shell at once; crawlers wait for the whole page.
  const userAgent = request.headers.get("user-agent");
  const readyOption: keyof RenderToPipeableStreamOptions =
    (userAgent && isbot(userAgent)) || routerContext.isSpaMode || loadContext.renderWhole
      ? "onAllReady"
      : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), abortTimeout);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reject above and are logged by handleError.
          if (shellRendered) logRenderError(error, loadContext);
        },
      },
    );
  });
}

/**
 * What React Router reports (a loader, an action or a render that threw) goes to the
 * request's logger as one JSON line with its id, never to the console as a bare stack.
 * A request the visitor abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A response a route threw on purpose (a 404, a refusal) is an answer, not a failure;
  // one React Router made from a thrown error carries that error.
  const cause = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : error;
  if (cause === undefined) return;
  // The load context is ours (server/load-context.ts); React Router types it as its own.
  logRenderError(cause, context as AppLoadContext | undefined);
};

function logRenderError(error: unknown, context: AppLoadContext | undefined) {
  const fields = { error: errorForLog(error) };
  if (context?.logger) context.logger.error(fields, "page render failed");
  // Before a load context exists (React Router's own checks): still one JSON line.
  else
    process.stdout.write(
      `${JSON.stringify({ level: 50, time: Date.now(), ...fields, msg: "page render failed" })}\n`,
    );
}
