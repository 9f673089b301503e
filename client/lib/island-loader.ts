import type { IslandFiles } from "./island";

/**
 * How long the visitor's input must rest before an island's script runs: longer than the
 * gap between two keys of someone typing (~150-300 ms), short enough that a form is ready
 * well before a visitor who has stopped typing reaches its button
 * (docs/decisions/046-first-interaction.md).
 */
export const VISITOR_PAUSE_MS = 600;

/**
 * The inline module script that starts a page's islands (docs/decisions/064-islands.md).
 * The page is whole without them (server-rendered, links and forms work), so nothing is
 * fetched before its first paint: after it (`eager`), or when the visitor first focuses or
 * presses in a form (`interaction`), the files are preloaded in parallel, and each island's
 * entry runs, and hydrates its part, in a task of its own once the visitor's input has
 * rested: a key pressed meanwhile is handled first, never held behind React.
 */
export function islandLoader(islands: readonly IslandFiles[], start: "eager" | "interaction"): string {
  const preloads = [...new Set(islands.flatMap((files) => [...files.imports, files.entry]))];
  const entries = islands.map((files) => files.entry);
  const code =
    // The time of the visitor's last key, press or typed character, and a promise that
    // waits until they have paused for a moment. No input yet means no wait.
    `let last=-1e9;for(const type of ["keydown","pointerdown","input"])document.addEventListener(type,()=>{last=performance.now();},{capture:true,passive:true});` +
    `const pause=()=>new Promise((done)=>{const check=()=>{const wait=last+${VISITOR_PAUSE_MS}-performance.now();if(wait>0)setTimeout(check,wait);else done();};check();});` +
    `const start=async()=>{for(const href of ${JSON.stringify(preloads)}){const link=document.createElement("link");` +
    `link.rel="modulepreload";link.href=href;document.head.append(link);}` +
    `for(const src of ${JSON.stringify(entries)}){await pause();await import(src);await new Promise((done)=>setTimeout(done,0));}};` +
    (start === "interaction"
      ? // Typing needs no React; sent before the island runs, the form posts as without
        // JavaScript. Even the download starts after the frame that answers the focus.
        `const go=(event)=>{if(!event.target.closest?.("form"))return;` +
        `for(const type of ["focusin","pointerdown"])document.removeEventListener(type,go,true);requestAnimationFrame(()=>setTimeout(start,0));};` +
        `for(const type of ["focusin","pointerdown"])document.addEventListener(type,go,true);`
      : // The next frame is painted with the server's HTML; the scripts start after it.
        `requestAnimationFrame(()=>setTimeout(start,0));`);
  if (/<\/script|<!--/i.test(code)) throw new Error("An island's file name could end the loader's script");
  return code;
}
