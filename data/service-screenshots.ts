import type { ScreenshotPlaceholder, ServicePage, ServiceScreenshot } from "#shared/content-types.ts";

export const serviceScreenshots: ServiceScreenshot[] = [
  {
    id: "website-design-1",
    position: 1,
    image_url: "/images/screenshots/website-design-1.svg",
    alt_text:
      "Home page design for a Cape Town restaurant, with a hero image, booking button and menu highlights",
    service_page: "website-design",
    width: 1280,
    height: 800,
  },
  {
    id: "website-design-2",
    position: 2,
    image_url: "/images/screenshots/website-design-2.svg",
    alt_text: "The same website shown responsively on a desktop monitor, a tablet and a phone",
    service_page: "website-design",
    width: 1280,
    height: 800,
  },
  {
    id: "website-design-3",
    position: 3,
    image_url: "/images/screenshots/website-design-3.svg",
    alt_text: "Design-system sheet with a colour palette, type scale, buttons and form fields",
    service_page: "website-design",
    width: 1280,
    height: 800,
  },
  {
    id: "web-app-development-1",
    position: 1,
    image_url: "/images/screenshots/web-app-development-1.svg",
    alt_text: "Web app dashboard with a sidebar, revenue chart, key metrics and a recent orders table",
    service_page: "web-app-development",
    width: 1280,
    height: 800,
  },
];

/**
 * Shown in screenshot slots that have neither a built-in image nor an upload.
 * The slot count per page comes from here: website design has a four-image grid,
 * web app development a single large image.
 */
export const screenshotPlaceholders: Record<ServicePage, ScreenshotPlaceholder[]> = {
  "website-design": [
    { gradientFrom: "#1d4ed8", gradientTo: "#0f766e", bgColor: "#eff6ff", emoji: "🎨" },
    { gradientFrom: "#0f766e", gradientTo: "#14b8a6", bgColor: "#f0fdfa", emoji: "📱" },
    { gradientFrom: "#b45309", gradientTo: "#f59e0b", bgColor: "#fffbeb", emoji: "✏️" },
    { gradientFrom: "#1e40af", gradientTo: "#6366f1", bgColor: "#eef2ff", emoji: "🖥️" },
  ],
  "web-app-development": [
    { gradientFrom: "#1e40af", gradientTo: "#0f766e", bgColor: "#f8fafc", emoji: "⚙️" },
  ],
};
