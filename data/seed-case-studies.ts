import type { CaseStudy } from "#shared/content-types.ts";

// Logos are 160×160 and screenshots 1200×750, both in public/images/case-studies/.
const logo = (id: string) => ({ src: `/images/case-studies/${id}-logo.svg`, width: 160, height: 160 });
const screenshot = (id: string) => ({
  src: `/images/case-studies/${id}-screenshot.svg`,
  width: 1200,
  height: 750,
});

export const caseStudies: CaseStudy[] = [
  {
    id: "craft",
    title: "An online marketplace that puts local makers in front of national buyers",
    clientName: "Craft",
    clientLogo: logo("craft"),
    description:
      "Craft is an online marketplace for independent South African makers — ceramicists, weavers, leatherworkers and furniture builders — who sell directly to shoppers across the country. Each maker runs a storefront with their own stock, prices and courier options, while Craft handles payments, payouts and customer service. The platform now lists more than 400 makers, most of whom had never sold online before.",
    listDescription:
      "Craft is a marketplace for independent South African makers, giving each one a storefront, secure payments and nationwide courier delivery.",
    screenshot: screenshot("craft"),
    contributions: [
      "Multi-vendor storefronts and product management",
      "Split payments and weekly maker payouts",
      "Courier rate lookup and waybill printing",
      "Responsive, accessible shop design",
      "Search with filters by region and material",
    ],
  },
  {
    id: "padre",
    title: "A shared-expenses app that takes the friction out of co-parenting",
    clientName: "Padre",
    clientLogo: logo("padre"),
    description:
      "Padre is a family finance app that helps separated parents share the cost of raising their children. Parents log school fees, medical bills and activities, agree on splits, and settle up by instant EFT, with a clear record that both sides — and, if needed, a mediator — can trust. Calendars and reminders keep maintenance payments on time without awkward messages.",
    screenshot: screenshot("padre"),
    contributions: [
      "iOS and Android apps in React Native",
      "Expense splitting and settlement ledger",
      "Instant EFT payment integration",
      "Shared family calendar with reminders",
    ],
  },
  {
    id: "chirp",
    title: "WhatsApp-first customer messaging for independent retailers",
    clientName: "Chirp",
    clientLogo: logo("chirp"),
    description:
      "Chirp is a customer-messaging platform that lets South African retailers talk to shoppers where they already are: WhatsApp. Stores send order updates, back-in-stock alerts and promotions to customers who have opted in, and staff answer questions from one shared inbox. Campaign reports show which messages actually brought people back into the shop.",
    listDescription:
      "Chirp helps independent retailers reach opted-in customers on WhatsApp with order updates, promotions and a shared team inbox.",
    screenshot: screenshot("chirp"),
    contributions: [
      "WhatsApp Business API integration",
      "Shared team inbox with assignment",
      "Campaign builder with POPIA-compliant opt-ins",
      "Delivery and response analytics",
    ],
  },
  {
    id: "yoyo",
    title: "A booking app that fills holiday programmes and kids' activities",
    clientName: "YoYo",
    clientLogo: logo("yoyo"),
    description:
      "YoYo is a booking app for children's activities in Cape Town and Johannesburg, from swimming lessons and coding clubs to school-holiday camps. Parents discover vetted providers near them, book and pay in a few taps, and keep every child's schedule in one place. Providers get a simple dashboard for attendance, waiting lists and payouts.",
    screenshot: screenshot("yoyo"),
    contributions: ["Parent booking app for iOS and Android", "Provider dashboard for classes and payouts"],
  },
  {
    id: "aq-green-tec",
    title: "Smart irrigation monitoring for small-scale farmers",
    clientName: "AQ Green Tec",
    clientLogo: logo("aq-green-tec"),
    description:
      "AQ Green Tec designs solar-powered soil-moisture sensors and aquaponic systems for small-scale farmers and community gardens. Their sensors report over low-power radio, and farmers see when and how much to irrigate on a basic smartphone, even with patchy signal. Less wasted water means lower pumping costs and steadier yields through dry summers.",
    screenshot: screenshot("aq-green-tec"),
    contributions: [
      "Sensor data ingestion on AWS",
      "Offline-friendly farmer web app",
      "Irrigation advice based on soil and weather data",
      "Alerts by SMS when readings go out of range",
    ],
  },
  {
    id: "inospace",
    title: "Desk and meeting-room booking for a growing co-working network",
    clientName: "Inospace",
    clientLogo: logo("inospace"),
    description:
      "Inospace operates flexible workspaces in converted warehouses and office parks around Cape Town and Durban. Members book hot desks, private offices and meeting rooms by the hour or month, invite guests, and pay on a single monthly invoice. Building managers see occupancy in real time and can plan expansions around actual demand.",
    screenshot: screenshot("inospace"),
    contributions: [
      "Member booking web app",
      "Access-card and guest invitation integration",
      "Monthly invoicing with Xero sync",
      "Occupancy reporting dashboard",
    ],
  },
  {
    id: "ampath",
    title: "Secure lab results, delivered to patients and doctors in minutes",
    clientName: "Ampath",
    clientLogo: logo("ampath"),
    description:
      "Ampath is a pathology laboratory network serving doctors, hospitals and patients across South Africa. Its results portal lets referring doctors view and compare reports as soon as they are authorised, and lets patients download their own results securely instead of waiting for a phone call. Every access is logged to meet health-information privacy rules.",
    listDescription:
      "Ampath's results portal gives doctors and patients secure, fast access to authorised pathology reports, with every view audited.",
    screenshot: screenshot("ampath"),
    contributions: [
      "Doctor and patient results portal",
      "One-time-PIN sign-in and audit logging",
      "Trend charts for repeat tests",
      "Accessibility review against WCAG 2.2 AA",
      "Load testing for peak reporting hours",
    ],
  },
  {
    id: "lisa",
    title: "Reading assessments that give foundation-phase teachers their time back",
    clientName: "LISA",
    clientLogo: logo("lisa"),
    description:
      "LISA (Literacy Insights for Schools and Academies) helps foundation-phase teachers assess reading in English, isiXhosa and Afrikaans. Teachers record a short reading on a tablet, mark it with a few taps, and instantly see which learners need support. District officials get anonymised progress reports across schools without extra paperwork.",
    screenshot: screenshot("lisa"),
    contributions: ["Offline-first tablet app for teachers", "Class and district reporting dashboards"],
  },
  {
    id: "vineyard",
    title: "Block-by-block vineyard records, from pruning to harvest",
    clientName: "Vineyard",
    clientLogo: logo("vineyard"),
    description:
      "Vineyard is a farm-management tool for wine grape growers in the Cape Winelands. Farm managers map every block, log spray programmes, labour and irrigation from the field, and track ripeness samples in the weeks before harvest. Export-ready spray records that used to take days to compile are now a single report.",
    listDescription:
      "Vineyard lets Winelands growers log sprays, labour and ripeness by block, and export audit-ready records in one click.",
    screenshot: screenshot("vineyard"),
    contributions: [
      "Block mapping with satellite imagery",
      "Field data capture app that works offline",
      "Spray-record and audit exports",
      "Harvest ripeness tracking",
    ],
  },
  {
    id: "special-social-connect",
    title: "Connecting people with disabilities to activities, friends and support",
    clientName: "Special Social Connect",
    clientLogo: logo("special-social-connect"),
    description:
      "Special Social Connect is a non-profit that helps young adults with intellectual and physical disabilities build social lives beyond school. Its platform lists inclusive events, matches members with trained support buddies and lets families follow plans and check-ins. Every screen was designed and tested with members themselves, using plain language and large touch targets.",
    screenshot: screenshot("special-social-connect"),
    contributions: [
      "Co-designed, accessible member app",
      "Event listings and RSVP management",
      "Support-buddy matching and scheduling",
      "Family updates and safety check-ins",
      "Usability testing with members and carers",
    ],
  },
  {
    id: "launchbase",
    title: "Running an incubator programme from one platform",
    clientName: "LaunchBase",
    clientLogo: logo("launchbase"),
    description:
      "LaunchBase is a start-up incubator that runs twice-yearly programmes for early-stage founders in township and peri-urban economies. Founders apply, track milestones, book mentor sessions and share investor updates through one platform, while the LaunchBase team reviews applications and reports impact to funders. A programme that ran on spreadsheets now runs itself.",
    screenshot: screenshot("launchbase"),
    contributions: [
      "Application and review workflow",
      "Founder milestone tracking",
      "Mentor booking calendar",
      "Funder impact reports",
    ],
  },
  {
    id: "medipet",
    title: "Appointments, reminders and records for a chain of vet clinics",
    clientName: "MediPet",
    clientLogo: logo("medipet"),
    description:
      "MediPet runs neighbourhood veterinary clinics in Gauteng and the Western Cape. Pet owners book consultations online, receive vaccination and deworming reminders, and see their pet's treatment history in one app. Vets save time at the front desk, and clinics see fewer missed appointments and more timely boosters.",
    screenshot: screenshot("medipet"),
    contributions: [
      "Online booking across clinics",
      "Pet health records in the owner app",
      "Automated vaccination reminders",
      "Practice-management system integration",
    ],
  },
  {
    id: "cma-info",
    title: "Plain-language guidance for cross-border payments in the Common Monetary Area",
    clientName: "CMA Info",
    clientLogo: logo("cma-info"),
    description:
      "CMA Info is an information service for individuals and small businesses moving money between South Africa, Namibia, Lesotho and eSwatini. It explains exchange-control rules in plain language, compares transfer fees between providers, and walks users through the documents their bank will ask for. Content is kept current by compliance specialists through a simple editorial workflow.",
    screenshot: screenshot("cma-info"),
    contributions: ["Content-managed information site", "Transfer-fee comparison tool"],
  },
  {
    id: "varsity-vibe",
    title: "Student discounts, events and campus life in one app",
    clientName: "Varsity Vibe",
    clientLogo: logo("varsity-vibe"),
    description:
      "Varsity Vibe is a student lifestyle app for South African university students. Verified students unlock discounts at partner brands, discover campus events and buy tickets, all from a single profile. Brands get a direct, measurable channel to a hard-to-reach audience, with redemptions tracked in real time.",
    listDescription:
      "Varsity Vibe gives verified university students discounts, event tickets and campus news, and gives brands measurable reach.",
    screenshot: screenshot("varsity-vibe"),
    contributions: [
      "Student verification flow",
      "Discount redemption with QR codes",
      "Event ticketing",
      "Partner brand portal and analytics",
      "Push notification campaigns",
      "App store launch and growth support",
    ],
  },
];
