/** schema.org data of a service page: the Service, provided by the agency. */

export interface AgencyFacts {
  brand: string;
  email: string;
  telephone: string;
  city: string;
  country: string;
}

export interface ServiceFacts {
  name: string;
  description: string;
  /** The page's canonical URL. */
  url: string;
  /** The site origin, for the agency's own URL. */
  origin: string;
}

/** The agency as a schema.org LocalBusiness (an Organization) in Paphos, CY, one node with a stable @id. */
export function agencyStructuredData(agency: AgencyFacts, siteOrigin: string) {
  const origin = new URL("/", siteOrigin).href;
  return {
    "@type": "LocalBusiness",
    "@id": `${origin}#organization`,
    name: agency.brand,
    url: origin,
    email: agency.email,
    telephone: agency.telephone,
    address: { "@type": "PostalAddress", addressLocality: agency.city, addressCountry: agency.country },
  };
}

/** The JSON-LD object of the home page: the agency itself. */
export function homeStructuredData(agency: AgencyFacts, siteOrigin: string) {
  return { "@context": "https://schema.org", ...agencyStructuredData(agency, siteOrigin) };
}

/** The JSON-LD object of a service page. */
export function serviceStructuredData(service: ServiceFacts, agency: AgencyFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: service.description,
    url: service.url,
    serviceType: service.name,
    areaServed: agency.country,
    provider: agencyStructuredData(agency, service.origin),
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
