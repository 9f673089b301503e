import { paths } from "#shared/paths.ts";

/** Every page of requirements §2 with the name its document title starts with ("Name - Brand"). */
export const pageTitles: ReadonlyArray<readonly [path: string, name: string]> = [
  [paths.home, "Home"],
  [paths.about, "About"],
  [paths.services, "Services"],
  [paths.websiteDesign, "Website Design"],
  [paths.webAppDevelopment, "Web App Development"],
  [paths.projects, "Projects"],
  [paths.caseStudies, "Case Studies"],
  [paths.caseStudy("craft"), "Craft Case Study"],
  [paths.news, "Tech News"],
  [
    paths.newsArticle("react-native-or-native"),
    "React Native or Native? Choosing How to Build Your Business App",
  ],
  [paths.contact, "Contact"],
  [paths.bookAppointment, "Book an Appointment"],
  [paths.privacyPolicy, "Privacy & Cookie Policy"],
  [paths.thankYouWebApp, "Thank You"],
  [paths.thankYouWebsiteDesign, "Thank You"],
];
