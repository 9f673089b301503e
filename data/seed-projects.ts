import type { Project } from "#shared/content-types.ts";

// Every project image is an 800×500 illustration in public/images/projects/.
const image = (id: string) => ({ src: `/images/projects/${id}.svg`, width: 800, height: 500 });

export const projects: Project[] = [
  {
    id: "fleetline-logistics-dashboard",
    title: "Fleet & Delivery Operations Dashboard",
    description:
      "A live control room for a national courier: vehicle positions, delivery SLAs and load-shedding-aware depot alerts on one screen. Dispatchers now spot late routes before customers call.",
    image: image("fleetline-logistics-dashboard"),
    image_alt:
      "Fleet dashboard with delivery routes plotted on a map, three SLA progress bars and a weekly delivery chart",
    tags: ["React.js", "TypeScript", "Node.js", "PostgreSQL"],
    client: "Fleetline Freight",
    details_link: "https://www.fleetlinefreight.co.za/platform",
    created_at: "2024-08-12T08:30:00.000Z",
    updated_at: "2025-02-03T10:15:00.000Z",
  },
  {
    id: "klipkop-wine-shop",
    title: "Wine Estate Online Cellar Door",
    description:
      "An online shop for a Stellenbosch wine farm with wine-club subscriptions, courier rates by postal code and PayFast checkout. Online orders now make up a third of cellar-door sales.",
    image: image("klipkop-wine-shop"),
    image_alt:
      "Online wine shop headed “Cellar Door” over a Table Mountain vineyard scene, with four red and white wines for sale",
    tags: ["Laravel", "Tailwind CSS", "PostgreSQL"],
    client: "Klipkop Wine Estate",
    details_link: "https://shop.klipkopwines.co.za",
    created_at: "2024-05-20T07:00:00.000Z",
    updated_at: "2025-01-17T13:40:00.000Z",
  },
  {
    id: "harbour-health-booking-app",
    title: "Clinic Booking App",
    description:
      "A mobile app that lets patients of a group of Western Cape day clinics book, reschedule and check in for appointments, with SMS reminders that cut no-shows.",
    image: image("harbour-health-booking-app"),
    image_alt:
      "Two phone screens of the clinic booking app: a calendar with free appointment slots, and a booking confirmed with a tick",
    tags: ["React Native", "TypeScript", "Node.js"],
    client: "Harbour Health Clinics",
    created_at: "2024-10-01T09:00:00.000Z",
    updated_at: "2025-03-14T09:00:00.000Z",
  },
  {
    id: "umoya-onboarding-portal",
    title: "FICA-Ready Client Onboarding Portal",
    description:
      "A guided onboarding portal for an investment platform that collects FICA documents, verifies identity numbers and bank details, and hands compliant files to the back office in minutes instead of days.",
    image: image("umoya-onboarding-portal"),
    image_alt: "Step three of a four-step onboarding form beside an identity document marked as verified",
    tags: ["React.js", "TypeScript", "AWS", "Node.js"],
    client: "Umoya Capital",
    details_link: "https://www.umoyacapital.co.za/onboarding",
    created_at: "2024-11-18T08:00:00.000Z",
    updated_at: "2025-04-02T11:20:00.000Z",
  },
  {
    id: "bergview-parent-app",
    title: "School Parent Communication App",
    description:
      "One app for newsletters, permission slips, fee statements and sports fixtures at a Cape Town primary school, replacing a dozen WhatsApp groups.",
    image: image("bergview-parent-app"),
    image_alt:
      "Parent app on a phone listing school notices, with a new-notification bell and a reply marked as sent",
    tags: ["React Native", "Laravel", "PostgreSQL"],
    client: "Bergview Primary School",
    created_at: "2024-06-10T06:45:00.000Z",
    updated_at: "2024-12-09T14:05:00.000Z",
  },
  {
    id: "tidewater-terraform-migration",
    title: "Infrastructure-as-Code Migration",
    description:
      "We moved a short-term insurer's hand-built servers to AWS Cape Town, described end to end in Terraform, with repeatable environments and a tested disaster-recovery plan.",
    image: image("tidewater-terraform-migration"),
    image_alt:
      "Terraform code on the left deploying two cloud servers and a shared database inside one network boundary",
    tags: ["Terraform", "AWS", "PostgreSQL"],
    client: "Tidewater Insurance Brokers",
    created_at: "2024-03-04T08:00:00.000Z",
    updated_at: "2024-09-26T16:30:00.000Z",
  },
  {
    id: "southeaster-property-portal",
    title: "Property Listings Portal",
    description:
      "A fast, map-first listings site for a residential estate agency, with saved searches, bond-repayment calculators and leads routed straight to the right agent.",
    image: image("southeaster-property-portal"),
    image_alt: "Property map with location pins beside a list of three houses for sale, one highlighted",
    tags: ["React.js", "Laravel", "Tailwind CSS"],
    client: "Southeaster Properties",
    created_at: "2025-01-13T08:00:00.000Z",
    updated_at: "2025-05-06T12:00:00.000Z",
  },
  {
    id: "elgin-fruit-traceability",
    title: "Orchard-to-Export Traceability",
    description:
      "A rugged offline-first app for pack-house teams that scans every pallet from orchard block to reefer container, giving export buyers full traceability.",
    image: image("elgin-fruit-traceability"),
    image_alt:
      "Phone scanning a pallet’s code, linking an orchard of fruit trees to a container ship loaded for export",
    tags: ["React Native", "Node.js", "PostgreSQL", "AWS"],
    client: "Elgin Fruit Packers",
    details_link: "https://www.elginfruitpackers.co.za/traceability",
    created_at: "2024-07-22T07:30:00.000Z",
    updated_at: "2025-02-25T09:10:00.000Z",
  },
  {
    id: "read-to-rise-donations",
    title: "Donation & Volunteer Platform",
    description:
      "A donation site for a literacy NGO with recurring debit orders, Section 18A tax certificates and a volunteer roster for reading clubs across the Cape Flats.",
    image: image("read-to-rise-donations"),
    image_alt:
      "Donation page with a fundraising progress bar, donate and volunteer buttons, and an open-book-and-heart logo",
    tags: ["React.js", "TypeScript", "Node.js", "Tailwind CSS"],
    client: "Read to Rise Foundation",
    created_at: "2025-02-17T08:00:00.000Z",
    updated_at: "2025-06-04T10:45:00.000Z",
  },
];
