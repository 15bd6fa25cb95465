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

/** The JSON-LD object of a service page. */
export function serviceStructuredData(service: ServiceFacts, agency: AgencyFacts) {
  const origin = new URL("/", service.origin).href;
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: service.description,
    url: service.url,
    serviceType: service.name,
    areaServed: agency.country,
    provider: {
      "@type": "Organization",
      "@id": `${origin}#organization`,
      name: agency.brand,
      url: origin,
      email: agency.email,
      telephone: agency.telephone,
      address: { "@type": "PostalAddress", addressLocality: agency.city, addressCountry: agency.country },
    },
  };
}

/** JSON for a <script type="application/ld+json">: "<" escaped so no text can close the script early. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
