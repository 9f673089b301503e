import type { ReactNode } from "react";
import { paths } from "../../shared/paths";
import { PageHeader } from "../components/sections/page-header";
import { settingsFromMatches, useSiteSettings } from "../lib/root-data";
import { buildMeta } from "../lib/seo";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta(
    {
      title: "Privacy & Cookie Policy",
      description:
        "How we collect, use and protect your personal information under POPIA, which cookies our website uses, and how to exercise your data-subject rights.",
      path: paths.privacyPolicy,
    },
    settingsFromMatches(matches),
  );

const LAST_UPDATED = "February 17, 2025";

const SECTIONS = {
  privacy: { id: "customer-and-visitor-privacy", title: "Customer and Visitor Privacy" },
  cookies: { id: "cookies", title: "Cookies" },
  webBeacons: { id: "web-beacons", title: "Web Beacons" },
  analytics: { id: "advertising-and-analytics-networks", title: "Advertising and Analytics Networks" },
  remarketing: { id: "remarketing", title: "Remarketing" },
  otherWebsites: { id: "other-websites", title: "Other Websites" },
  cardInformation: { id: "card-information", title: "Card Information" },
  liability: { id: "limitation-of-liability", title: "Limitation of Liability" },
  changes: { id: "changes-to-this-policy", title: "Changes to This Policy" },
  cookiePolicy: { id: "cookie-policy", title: "Cookie Policy" },
  rights: { id: "your-rights", title: "Your Rights" },
  complaints: { id: "complaints", title: "Complaints" },
  contact: { id: "contact-us", title: "Contact Us" },
} as const;

type SectionKey = keyof typeof SECTIONS;

const TABLE_OF_CONTENTS: readonly SectionKey[] = [
  "privacy",
  "cookies",
  "webBeacons",
  "analytics",
  "remarketing",
  "otherWebsites",
  "cardInformation",
  "liability",
  "changes",
  "cookiePolicy",
  "rights",
  "complaints",
  "contact",
];

function PolicySection({ section, children }: { section: SectionKey; children: ReactNode }) {
  const { id, title } = SECTIONS[section];
  return (
    <section aria-labelledby={id} className="mt-12 first:mt-0">
      <h2 id={id} className="scroll-mt-24 text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 text-slate-700">{children}</div>
    </section>
  );
}

function SubHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="scroll-mt-24 pt-2 text-xl font-semibold text-slate-900">
      {children}
    </h3>
  );
}

export default function Page() {
  const settings = useSiteSettings();
  const { brandName, email, phone, phoneDisplay, address } = settings;
  const mailto = `mailto:${email}`;

  return (
    <>
      <PageHeader
        title="Privacy & Cookie Policy"
        subtitle="How we handle your personal information and the cookies this website uses."
      />

      <div className="page-container section">
        <div className="mx-auto max-w-3xl text-lg leading-relaxed">
          <nav aria-label="On this page" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
            <p className="font-semibold text-slate-900">On this page</p>
            <ol className="mt-3 list-decimal space-y-1 pl-6 text-base text-slate-700">
              {TABLE_OF_CONTENTS.map((key) => (
                <li key={key}>
                  <a href={`#${SECTIONS[key].id}`} className="text-brand underline">
                    {SECTIONS[key].title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="mt-12">
            <PolicySection section="privacy">
              <p>
                {brandName} respects your privacy. We process personal information in line with the Protection
                of Personal Information Act, 2013 (POPIA), and this policy explains what we collect, why, and
                the choices you have. For the purposes of POPIA, {brandName} is the responsible party for the
                personal information collected through this website.
              </p>
              <p>We collect only what we need to answer you and to provide our services, namely:</p>
              <ul className="list-disc space-y-2 pl-6">
                <li>
                  details you give us in a contact, quote or booking form, such as your name, e-mail address,
                  phone number, company name and the message you write;
                </li>
                <li>your e-mail address, if you subscribe to our newsletter;</li>
                <li>
                  basic technical information sent by your browser, such as your IP address and browser type,
                  which our servers log for security and to keep the site running.
                </li>
              </ul>
              <p>
                We do not sell or rent your personal information. We share it only with service providers who
                help us run this website and our business (such as hosting and e-mail providers), under
                agreements that require them to keep it confidential and secure, or where the law requires us
                to. Where a provider stores information outside South Africa, we make sure it is protected to
                a standard comparable to POPIA. We keep personal information only for as long as we need it
                for the purpose it was collected for, or as the law requires, and we protect it with
                reasonable technical and organisational safeguards. This website is not aimed at children and
                we do not knowingly collect their information.
              </p>
            </PolicySection>

            <PolicySection section="cookies">
              <p>
                Like most websites, ours uses cookies: small text files stored by your browser. Cookies that
                the site needs to work are always on. All other cookies, including those used for analytics
                and marketing, are set only after you agree to them, and you can change your choice at any
                time.
              </p>
              <p>
                The{" "}
                <a href={`#${SECTIONS.cookiePolicy.id}`} className="text-brand underline">
                  Cookie Policy
                </a>{" "}
                below describes each category of cookie in more detail. You can also block or delete cookies
                in your browser&apos;s settings, although some parts of the site may then not work as
                intended.
              </p>
            </PolicySection>

            <PolicySection section="webBeacons">
              <p>
                A web beacon (also called a pixel or tag) is a tiny, usually invisible image or piece of code
                that tells a server when a page or e-mail has been viewed. Our own pages do not contain web
                beacons.
              </p>
              <p>
                If you consent to statistics or marketing cookies, the tools described below may use similar
                technology to measure visits and the effectiveness of our campaigns. Without your consent,
                they are not loaded.
              </p>
            </PolicySection>

            <PolicySection section="analytics">
              <p>
                To understand how visitors use our website and to improve it, we may use analytics services
                such as Google Analytics. These services run only with your consent and, when configured, are
                loaded through Google Tag Manager. If you do not give consent, no analytics scripts run and no
                analytics cookies are set.
              </p>
              <p>
                Analytics information is used in aggregate, for example to see which pages are most visited.
                We do not use it to identify you personally, and we do not allow advertising networks to
                collect personal information through our site without your consent.
              </p>
            </PolicySection>

            <PolicySection section="remarketing">
              <p>
                Remarketing lets a business show its advertisements to people who have visited its website,
                while they browse other sites. We use remarketing only if you consent to marketing cookies. If
                we do, advertising providers such as Google may use cookies to show you our advertisements
                based on your earlier visits.
              </p>
              <p>
                You can withdraw your consent at any time, and you can manage personalised advertising in your
                Google account&apos;s ad settings or in the settings of the relevant advertising provider.
              </p>
            </PolicySection>

            <PolicySection section="otherWebsites">
              <p>
                Our website links to other websites and services, such as our social media pages and Google
                Maps. Those websites have their own privacy policies, and we are not responsible for their
                content or for how they handle your information. Please read their policies before you share
                personal information with them.
              </p>
              <p>
                The map on our contact page is provided by Google Maps, which may set its own cookies. It is
                loaded only when you choose to display it.
              </p>
            </PolicySection>

            <PolicySection section="cardInformation">
              <p>
                This website does not collect, process or store credit or debit card details. None of our
                forms ask for payment information, and you should never send card details to us by e-mail or
                through a form. Payment for our services is arranged directly with you, for example by
                electronic funds transfer against an invoice.
              </p>
            </PolicySection>

            <PolicySection section="liability">
              <p>
                We take care to keep the information on this website accurate and up to date, but it is
                provided for general information only and does not constitute professional advice for your
                particular situation. To the extent permitted by law, {brandName} is not liable for any loss
                or damage arising from the use of this website, or from the content of websites we link to.
              </p>
              <p>
                Nothing in this policy limits any rights you have under South African law, including POPIA and
                the Consumer Protection Act, 2008, that cannot lawfully be limited.
              </p>
            </PolicySection>

            <PolicySection section="changes">
              <p>
                We may update this policy from time to time, for example when we add a new service or when the
                law changes. The date at the top of the Cookie Policy shows when it was last revised. If we
                make a significant change to how we use your personal information, we will let you know on
                this website and, where appropriate, by e-mail.
              </p>
            </PolicySection>

            <PolicySection section="cookiePolicy">
              <p className="font-semibold text-slate-900">Last updated: {LAST_UPDATED}</p>
              <p>
                Cookies are small text files that a website stores on your computer or phone through your
                browser. They allow the site to remember things such as your preferences and your consent
                choices, and they help us understand how the site is used. Some cookies are set by us
                (first-party cookies) and others by services we use (third-party cookies).
              </p>
              <p>
                Optional cookies are used only when our analytics is switched on. In that case we ask which
                optional categories you accept when you first visit, and you can change or withdraw your
                consent at any time with &ldquo;Cookie settings&rdquo; at the foot of every page. Withdrawing
                consent does not affect processing that took place before.
              </p>

              <SubHeading id="cookies-functional">
                Functional{" "}
                <span className="ml-2 inline-block rounded-full bg-green-50 px-3 py-0.5 align-middle text-sm font-semibold text-green-800">
                  Always active
                </span>
              </SubHeading>
              <p>
                These cookies are needed for the website to work, for example to keep the site secure, to
                protect our forms from abuse and to remember your cookie choices. They do not track you for
                analytics or advertising and cannot be switched off.
              </p>

              <SubHeading id="cookies-statistics">Statistics</SubHeading>
              <p>
                Statistics cookies help us understand how visitors use the website, such as which pages are
                visited and how long people stay, so that we can improve it. They are set only if you consent.
              </p>

              <SubHeading id="cookies-marketing">Marketing</SubHeading>
              <p>
                Marketing cookies are used to measure our advertising and to show you relevant advertisements
                on other websites, including remarketing. They are set only if you consent.
              </p>

              <SubHeading id="forms-and-newsletter">Forms and Newsletter</SubHeading>
              <p>
                Our contact, quote and booking forms and our newsletter sign-up collect personal information
                only so that we can reply to you or send you what you asked for. We do not add you to other
                mailing lists or use these details for any unrelated purpose. Every newsletter includes a way
                to unsubscribe, or you can ask us to remove you at any time.
              </p>
            </PolicySection>

            <PolicySection section="rights">
              <p>Under POPIA, you have the right to:</p>
              <ul className="list-disc space-y-2 pl-6">
                <li>ask whether we hold personal information about you and request access to it;</li>
                <li>ask us to correct personal information that is inaccurate, out of date or incomplete;</li>
                <li>
                  ask us to delete or destroy personal information that we are no longer allowed to keep;
                </li>
                <li>
                  object to the processing of your personal information, including for direct marketing, at
                  any time;
                </li>
                <li>withdraw any consent you have given us, including consent to optional cookies;</li>
                <li>lodge a complaint with the Information Regulator.</li>
              </ul>
              <p>
                To exercise any of these rights, e-mail us at{" "}
                <a href={mailto} className="text-brand underline">
                  {email}
                </a>
                . We may need to confirm your identity before we act on a request, and we will respond within
                a reasonable time, in line with POPIA.
              </p>
            </PolicySection>

            <PolicySection section="complaints">
              <p>
                If you have a concern about how we handle your personal information, please contact us first
                so that we can try to resolve it. If you are not satisfied with our response, you have the
                right to lodge a complaint with the Information Regulator (South Africa):
              </p>
              <ul className="list-disc space-y-2 pl-6">
                <li>
                  Website:{" "}
                  <a href="https://inforegulator.org.za" className="text-brand underline">
                    inforegulator.org.za
                  </a>
                </li>
                <li>
                  Complaints e-mail:{" "}
                  <a href="mailto:complaints.IR@justice.gov.za" className="text-brand underline">
                    complaints.IR@justice.gov.za
                  </a>
                </li>
              </ul>
            </PolicySection>

            <PolicySection section="contact">
              <p>
                If you have any questions about this policy or your personal information, please contact us:
              </p>
              <address className="not-italic">
                <span className="block font-semibold text-slate-900">{brandName}</span>
                <span className="block">{address.street}</span>
                <span className="block">{address.suburb}</span>
                <span className="block">
                  {address.city}, {address.postalCode}
                </span>
                <span className="block">
                  {address.region}, {address.country}
                </span>
                <span className="mt-4 block">
                  E-mail:{" "}
                  <a href={mailto} className="text-brand underline">
                    {email}
                  </a>
                </span>
                <span className="block">
                  Phone:{" "}
                  <a href={`tel:${phone}`} className="text-brand underline">
                    {phoneDisplay}
                  </a>
                </span>
              </address>
            </PolicySection>
          </div>
        </div>
      </div>
    </>
  );
}
