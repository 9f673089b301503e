import { THEME_STORAGE_KEY } from "#client/site-script/theme.ts";

/**
 * Runs in <head> before the stylesheet paints anything: a theme the visitor chose with the
 * header's button goes on <html data-theme>, so a page never flashes the other theme. Inline
 * (allowed by its hash on kept pages, by the nonce otherwise) and tiny. It also marks <html
 * data-scripted>, so the theme button, which needs scripts, takes its place before the first
 * paint rather than pushing the header's links aside later.
 */
export const themeRestoreScript = `document.documentElement.dataset.scripted="";try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t==="light"||t==="dark")document.documentElement.dataset.theme=t}catch(e){}`;

/** The browser's own bars, in each theme's page colour. */
export const themeColors = { light: "#fff8f1", dark: "#0e1417" } as const;
