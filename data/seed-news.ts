import type { NewsPost } from "#shared/content-types.ts";

// News images are 1280×720 (16:9) illustrations in public/images/news/.
const image = (id: string) => ({ src: `/images/news/${id}.svg`, width: 1280, height: 720 });

export const newsPosts: NewsPost[] = [
  {
    id: "core-web-vitals-and-conversion",
    title: "Page Speed Is a Sales Problem: Core Web Vitals for South African Businesses",
    excerpt:
      "Most of your customers browse on mid-range phones over mobile data. We explain the three Core Web Vitals and why a faster, well-designed site can deliver up to 200% higher conversion.",
    content: [
      "Google's Core Web Vitals measure how quickly the main content of a page appears (Largest Contentful Paint), how fast the page responds to a tap (Interaction to Next Paint) and how much the layout jumps around while it loads (Cumulative Layout Shift). They feed into search rankings, but the bigger reason to care is your customers: in South Africa most visits come from mid-range Android phones on prepaid data, where every extra megabyte costs money and patience.",
      "The fixes are rarely glamorous. Serve images at the size they are shown and in modern formats, reserve space for them so text does not jump, load third-party chat widgets and trackers only when they are needed, and host close to your visitors — AWS and Azure both have Cape Town and Johannesburg regions. Industry studies put the reward for a well-designed user experience at up to 200% higher conversion, and in our own projects a site that feels instant consistently turns more visits into enquiries.",
      "Start by measuring. PageSpeed Insights shows field data from real Chrome users of your site; pick the slowest template, usually the product or landing page, and fix that first. If you would like a second pair of eyes, we run a free one-hour performance review for local businesses.",
    ].join("\n\n"),
    image: image("core-web-vitals-and-conversion"),
    date: "2025-05-20",
    author: "Thandiwe Mokoena",
    category: "Featured",
    article_link: "https://kloofdigital.co.za/blog/core-web-vitals-and-conversion",
  },
  {
    id: "react-native-or-native",
    title: "React Native or Native? Choosing How to Build Your Business App",
    excerpt:
      "One codebase for iOS and Android, or two fully native apps? We compare cost, performance and hiring so you can choose with confidence.",
    content: [
      "For most business apps — bookings, loyalty, field service, customer portals — React Native now delivers an experience users cannot tell apart from a native app. One TypeScript codebase serves both iOS and Android, shares logic with your website, and lets a single small team ship features to both stores on the same day. That matters in a market where Android holds the large majority of devices but your highest-value customers may well be on iPhone.",
      "Fully native development in Swift and Kotlin still wins for apps built around heavy graphics, advanced camera or Bluetooth work, or features on the day Apple and Google release them. The trade-off is two codebases, two sets of specialists and roughly double the maintenance budget for years to come.",
      "Our rule of thumb: start cross-platform unless you can name the native feature you need. Mobile-friendly, well-designed apps see around 30% higher engagement, and getting a polished app into customers' hands sooner is usually worth more than the last few percent of raw performance.",
    ].join("\n\n"),
    image: image("react-native-or-native"),
    date: "2025-04-08",
    author: "Pieter van der Merwe",
    category: "Web Development",
  },
  {
    id: "practical-ai-customer-service",
    title: "Practical AI in Customer Service: Where It Helps and Where It Doesn't",
    excerpt:
      "AI assistants can draft replies, summarise tickets and answer routine questions after hours. Here is how SA businesses are using them responsibly — and seeing up to 46% productivity gains.",
    content: [
      "The most useful AI in customer service today is not a chatbot that pretends to be human. It is a quiet assistant that drafts replies for your agents, summarises long email threads, tags incoming tickets by topic and urgency, and answers the handful of questions — opening hours, order status, document checklists — that make up a large share of every inbox. Teams that adopt tools like these report productivity improvements of up to 46%.",
      "Doing it responsibly matters. Keep a person in the loop for anything involving money, health or complaints; ground the assistant in your own help articles so it cannot invent policies; and remember that the Protection of Personal Information Act applies to whatever you send to an AI provider. Support for isiZulu, isiXhosa and Afrikaans is improving quickly, but test it with real customers before you rely on it.",
      "A good first project takes weeks, not months: connect an assistant to your existing help desk, let it suggest replies that agents approve, and measure first-response time before and after. Once the numbers hold up, widen its scope one topic at a time.",
    ].join("\n\n"),
    image: image("practical-ai-customer-service"),
    date: "2025-03-11",
    author: "Aisha Davids",
    category: "AI & Technology",
    article_link: "https://kloofdigital.co.za/blog/practical-ai-customer-service",
  },
];
