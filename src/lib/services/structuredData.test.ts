import { describe, expect, it } from "vitest";
import { homeStructuredData, jsonLdText, serviceStructuredData } from "./structuredData";

const agency = { brand: "Paphos AI", email: "hello@example.com", telephone: "+357 26 000000", city: "Paphos", country: "CY" };

describe("serviceStructuredData", () => {
  const data = serviceStructuredData(
    { name: "AI Chatbots", description: "Bots.", url: "https://x.cy/services/ai-chatbots", origin: "https://x.cy" },
    agency,
  );
  it("describes a schema.org Service at the page's URL", () => {
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Service",
      name: "AI Chatbots",
      description: "Bots.",
      url: "https://x.cy/services/ai-chatbots",
    });
  });
  it("names the agency as the provider, with its contact details and place", () => {
    expect(data.provider).toEqual({
      "@type": "LocalBusiness",
      "@id": "https://x.cy/#organization",
      name: "Paphos AI",
      url: "https://x.cy/",
      email: "hello@example.com",
      telephone: "+357 26 000000",
      address: { "@type": "PostalAddress", addressLocality: "Paphos", addressCountry: "CY" },
    });
  });
});

describe("homeStructuredData", () => {
  it("is the agency as a LocalBusiness in Paphos, CY, the same node the services name as provider", () => {
    const home = homeStructuredData(agency, "https://x.cy");
    expect(home).toMatchObject({ "@context": "https://schema.org", "@type": "LocalBusiness", address: { addressLocality: "Paphos", addressCountry: "CY" } });
    const service = serviceStructuredData({ name: "A", description: "B", url: "https://x.cy/a", origin: "https://x.cy" }, agency);
    expect(home["@id"]).toBe(service.provider["@id"]);
  });
});

describe("jsonLdText", () => {
  it("cannot close the script element it is written into", () => {
    const text = jsonLdText({ name: "</script><script>alert(1)</script>" });
    expect(text).not.toContain("</script>");
    expect(JSON.parse(text)).toEqual({ name: "</script><script>alert(1)</script>" });
  });
});
