import type { z } from "zod";
import type { privacyPolicyCopySchema } from "#shared/copy/other-page-schemas.ts";

/**
 * The privacy and cookie policy as the site ships it (client/routes/privacy-policy.tsx),
 * until staff publish their own in the workspace. Its `##` headings are the page's table of
 * contents and keep their ids (`{#cookies}`) so links to them last; `{brand}`, `{email}` and
 * the other tokens are filled from the site settings (shared/copy/policy-tokens.ts).
 */
export const privacyPolicyCopy = {
  header: {
    eyebrow: "Policies",
    title: "Privacy & Cookie Policy",
    subtitle: "How we handle your personal information and the cookies this website uses.",
  },
  lastUpdated: "2025-02-17",
  body: `## Customer and Visitor Privacy {#customer-and-visitor-privacy}

{brand} respects your privacy. We process personal information in line with the Protection of Personal Information Act, 2013 (POPIA), and this policy explains what we collect, why, and the choices you have. For the purposes of POPIA, {brand} is the responsible party for the personal information collected through this website.

We collect only what we need to answer you and to provide our services, namely:

- details you give us in a contact, quote or booking form, such as your name, e-mail address, phone number, company name and the message you write;
- your e-mail address, if you subscribe to our newsletter;
- basic technical information sent by your browser, such as your IP address and browser type, which our servers log for security and to keep the site running.

We do not sell or rent your personal information. We share it only with service providers who help us run this website and our business (such as hosting and e-mail providers), under agreements that require them to keep it confidential and secure, or where the law requires us to. Where a provider stores information outside South Africa, we make sure it is protected to a standard comparable to POPIA. We keep personal information only for as long as we need it for the purpose it was collected for, or as the law requires, and we protect it with reasonable technical and organisational safeguards. This website is not aimed at children and we do not knowingly collect their information.

## Cookies {#cookies}

Like most websites, ours uses cookies: small text files stored by your browser. Cookies that the site needs to work are always on. All other cookies, including those used for analytics and marketing, are set only after you agree to them, and you can change your choice at any time.

The [Cookie Policy](#cookie-policy) below describes each category of cookie in more detail. You can also block or delete cookies in your browser's settings, although some parts of the site may then not work as intended.

## Web Beacons {#web-beacons}

A web beacon (also called a pixel or tag) is a tiny, usually invisible image or piece of code that tells a server when a page or e-mail has been viewed. Our own pages send one such message, to our own website only, to count visits as described below. They contain no beacons of other companies.

If you consent to statistics or marketing cookies, the tools described below may use similar technology to measure visits and the effectiveness of our campaigns. Without your consent, they are not loaded.

### How we count visits without cookies {#counting-visits}

To know which pages are read and where our visitors come from, each page tells our own server that it was viewed. It sends the page's address, the website you came from (only its name, such as www.google.com), the campaign named in the link you followed (such as "newsletter"), whether a paid advertisement's link brought you (but not the advertisement's click code), and whether the screen is a phone, tablet or computer, judged by its width. We add these up per hour, for example "12 views of the contact page from LinkedIn on phones", and keep only those totals.

To count how many different people visit in a day, our server combines your IP address and your browser's name with a random value that changes every day, and keeps only the scrambled result, which cannot be turned back into your address. At the end of each day the random value and the scrambled results are deleted, so nobody, ourselves included, can tell afterwards whether two visits were by the same person. Your IP address and browser's name are never stored.

This counting uses no cookies and stores nothing on your device, and no other company receives it. If your browser is set to send "Do Not Track" or "Global Privacy Control", your visits are not counted at all.

### Where an enquiry came from {#lead-attribution}

When you send us a form, such as a contact, quote or booking request, we record with it where your visit came from, so that we know which of our pages and campaigns bring us enquiries: the page you sent the form from, the page on our website where your visit began, the website that sent you to us (only its name), the campaign named in the link you followed (its source, medium, name, term and content tags), and the click code a paid advertisement from Google or Facebook added to that link.

These details travel with you in the address of the pages you open on our website and in the form itself. No cookie is set and nothing is stored on your device for this. They are kept with your enquiry, for as long as we keep the enquiry, and they are included when you ask for a copy of your personal information and deleted with your enquiry when you ask us to erase it.

## Advertising and Analytics Networks {#advertising-and-analytics-networks}

To understand how visitors use our website and to improve it, we may use analytics services such as Google Analytics. These services run only with your consent and, when configured, are loaded through Google Tag Manager. If you do not give consent, no analytics scripts run and no analytics cookies are set.

Analytics information is used in aggregate, for example to see which pages are most visited. We do not use it to identify you personally, and we do not allow advertising networks to collect personal information through our site without your consent.

## Remarketing {#remarketing}

Remarketing lets a business show its advertisements to people who have visited its website, while they browse other sites. We use remarketing only if you consent to marketing cookies. If we do, advertising providers such as Google may use cookies to show you our advertisements based on your earlier visits.

You can withdraw your consent at any time, and you can manage personalised advertising in your Google account's ad settings or in the settings of the relevant advertising provider.

## Other Websites {#other-websites}

Our website links to other websites and services, such as our social media pages and Google Maps. Those websites have their own privacy policies, and we are not responsible for their content or for how they handle your information. Please read their policies before you share personal information with them.

The map on our contact page is provided by Google Maps, which may set its own cookies. It is loaded only when you choose to display it.

## Card Information {#card-information}

This website does not collect, process or store credit or debit card details. None of our forms ask for payment information, and you should never send card details to us by e-mail or through a form. Payment for our services is arranged directly with you, for example by electronic funds transfer against an invoice.

## Limitation of Liability {#limitation-of-liability}

We take care to keep the information on this website accurate and up to date, but it is provided for general information only and does not constitute professional advice for your particular situation. To the extent permitted by law, {brand} is not liable for any loss or damage arising from the use of this website, or from the content of websites we link to.

Nothing in this policy limits any rights you have under South African law, including POPIA and the Consumer Protection Act, 2008, that cannot lawfully be limited.

## Changes to This Policy {#changes-to-this-policy}

We may update this policy from time to time, for example when we add a new service or when the law changes. The date at the top of this policy shows when it was last revised. If we make a significant change to how we use your personal information, we will let you know on this website and, where appropriate, by e-mail.

## Cookie Policy {#cookie-policy}

Cookies are small text files that a website stores on your computer or phone through your browser. They allow the site to remember things such as your preferences and your consent choices, and they help us understand how the site is used. Some cookies are set by us (first-party cookies) and others by services we use (third-party cookies).

Optional cookies are used only when our analytics is switched on. In that case we ask which optional categories you accept when you first visit, and you can change or withdraw your consent at any time with “Cookie settings” at the foot of every page. Withdrawing consent does not affect processing that took place before.

### Functional \`Always active\` {#cookies-functional}

These cookies are needed for the website to work, for example to keep the site secure, to protect our forms from abuse and to remember your cookie choices. They do not track you for analytics or advertising and cannot be switched off.

### Statistics {#cookies-statistics}

Statistics cookies help us understand how visitors use the website, such as which pages are visited and how long people stay, so that we can improve it. They are set only if you consent.

### Marketing {#cookies-marketing}

Marketing cookies are used to measure our advertising and to show you relevant advertisements on other websites, including remarketing. They are set only if you consent.

### Forms and Newsletter {#forms-and-newsletter}

Our contact, quote and booking forms and our newsletter sign-up collect personal information only so that we can reply to you or send you what you asked for. We do not add you to other mailing lists or use these details for any unrelated purpose. Every newsletter includes a way to unsubscribe, or you can ask us to remove you at any time.

## Your Rights {#your-rights}

Under POPIA, you have the right to:

- ask whether we hold personal information about you and request access to it;
- ask us to correct personal information that is inaccurate, out of date or incomplete;
- ask us to delete or destroy personal information that we are no longer allowed to keep;
- object to the processing of your personal information, including for direct marketing, at any time;
- withdraw any consent you have given us, including consent to optional cookies;
- lodge a complaint with the Information Regulator.

To exercise any of these rights, e-mail us at [{email}](mailto:{email}). We may need to confirm your identity before we act on a request, and we will respond within a reasonable time, in line with POPIA.

## Complaints {#complaints}

If you have a concern about how we handle your personal information, please contact us first so that we can try to resolve it. If you are not satisfied with our response, you have the right to lodge a complaint with the Information Regulator (South Africa):

- Website: [inforegulator.org.za](https://inforegulator.org.za)
- Complaints e-mail: [complaints.IR@justice.gov.za](mailto:complaints.IR@justice.gov.za)

## Contact Us {#contact-us}

If you have any questions about this policy or your personal information, please contact us:

**{brand}**\\
{street}\\
{suburb}\\
{city}, {postalCode}\\
{region}, {country}

E-mail: [{email}](mailto:{email})\\
Phone: [{phoneDisplay}](tel:{phone})`,
} satisfies z.input<typeof privacyPolicyCopySchema>;
