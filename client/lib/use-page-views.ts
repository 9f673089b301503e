import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { trackPageView } from "./analytics";

/**
 * Sends one page view per location. Effects run after React has committed the
 * new route's <title>, so document.title is already the new page's.
 */
export function usePageViews(): void {
  const location = useLocation();
  const lastKey = useRef<string | null>(null);
  useEffect(() => {
    // StrictMode runs effects twice in development; count each location once.
    if (lastKey.current === location.key) return;
    lastKey.current = location.key;
    trackPageView(location.pathname, document.title);
  }, [location.key, location.pathname]);
}
