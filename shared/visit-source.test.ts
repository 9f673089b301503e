import { describe, expect, it } from "vitest";
import {
  decodeVisitSource,
  encodeVisitSource,
  landingSource,
  VISIT_PARAM,
  type VisitSource,
} from "./visit-source";

/** Every part, with text in Zulu, Arabic and Chinese and the characters a query string gives meaning to. */
const everyPart: Required<VisitSource> = {
  sourcePage: "/services/website-design",
  landingPage: "/news/ukuvulwa-kwehhovisi",
  referrerHost: "www.linkedin.com",
  utmSource: "Izindaba zaseThekwini",
  utmMedium: "إعلان مدفوع",
  utmCampaign: "春季 launch & more = 100% + #1",
  utmTerm: "a&b=c+d%20e#f?g",
  utmContent: "ngiyabonga 🙏 كثيرا 谢谢",
  clickIdKind: "gclid",
  clickId: "Cj0KCQiA_x-1.abc",
};

describe("a carried visit source", () => {
  it("reads back every part as it was written, whatever its script or characters", () => {
    expect(decodeVisitSource(encodeVisitSource(everyPart))).toEqual(everyPart);
  });

  it("reads back the same after a link's address carries it to the next page", () => {
    const link = new URL("https://agency.test/services");
    link.searchParams.set(VISIT_PARAM, encodeVisitSource(everyPart));
    const carried = new URL(link.href).searchParams.get(VISIT_PARAM) ?? "";
    expect(decodeVisitSource(carried)).toEqual(everyPart);
  });

  it("leaves out empty parts and holds nothing for an empty source", () => {
    expect(encodeVisitSource({})).toBe("");
    expect(decodeVisitSource("")).toEqual({});
    expect(decodeVisitSource(encodeVisitSource({ utmSource: "", landingPage: "/" }))).toEqual({
      landingPage: "/",
    });
  });

  it("is refused whole when it is longer than any honest source", () => {
    expect(decodeVisitSource(`l=%2F&s=${"a".repeat(4000)}`)).toBeUndefined();
    expect(decodeVisitSource("A".repeat(5000))).toBeUndefined();
  });

  it("holds no part when the text is no query string of its letters, and never throws", () => {
    for (const garbage of [
      "%%%not base64",
      "_-_-",
      "bD0lMkYmcz1saW5rZWRpbg",
      "&&&===",
      "%",
      "?",
      "utmSource=x",
    ])
      expect(decodeVisitSource(garbage), garbage).toEqual({});
  });

  it("drops a part whose bytes are not UTF-8 once percent-decoded, and keeps the clean ones", () => {
    expect(decodeVisitSource("l=%2F&s=%FF%FE&m=%C3&c=spring&t=%E2%82")).toEqual({
      landingPage: "/",
      utmCampaign: "spring",
    });
  });

  it("takes the first of a part given twice, and ignores letters it does not know", () => {
    expect(decodeVisitSource("s=first&s=second&x=other&l=%2F")).toEqual({
      utmSource: "first",
      landingPage: "/",
    });
  });
});

describe("the source of a visit that begins on a page", () => {
  const read = (url: string, referrer = "") =>
    decodeVisitSource(landingSource(new URL(url), referrer).toString());

  it("is its path, the other site that sent it, its campaign and click id, in the letters the server reads", () => {
    expect(
      read(
        "https://agency.test/?utm_source=linkedin&utm_medium=paid&utm_campaign=november-launch&utm_term=web&utm_content=carousel&gclid=Cj0KCQiA-abc_1&page=2",
        "https://www.linkedin.com/feed/",
      ),
    ).toEqual({
      landingPage: "/",
      referrerHost: "www.linkedin.com",
      utmSource: "linkedin",
      utmMedium: "paid",
      utmCampaign: "november-launch",
      utmTerm: "web",
      utmContent: "carousel",
      clickIdKind: "gclid",
      clickId: "Cj0KCQiA-abc_1",
    });
  });

  it("has no referrer when it came from this site, from nowhere or from what is no address", () => {
    for (const referrer of ["https://agency.test/about", "", "not a url"])
      expect(read("https://agency.test/contact", referrer), referrer).toEqual({ landingPage: "/contact" });
  });

  it("says Meta's click id when that is the one it carries", () => {
    expect(read("https://agency.test/?fbclid=IwAR0x")).toEqual({
      landingPage: "/",
      clickIdKind: "fbclid",
      clickId: "IwAR0x",
    });
  });

  it("gives the page view's count its keys: the referrer, campaign and click kind", () => {
    const own = landingSource(
      new URL(
        "https://agency.test/about?utm_source=newsletter&utm_medium=email&utm_campaign=spring&fbclid=x1",
      ),
      "https://news.example/",
    );
    expect(["r", "s", "m", "c", "k"].map((key) => own.get(key))).toEqual([
      "news.example",
      "newsletter",
      "email",
      "spring",
      "fbclid",
    ]);
  });
});
