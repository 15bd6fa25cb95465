import type { SiteConfig } from "../../site.config";

/** The booking block of the site configuration, as the page hands it to the island. */
export type BookingConfig = SiteConfig["booking"];

/** Who the visitor is booking with, and where to write when online booking fails. */
export interface BookingContact {
  brand: string;
  email: string;
  /** The site's host name, for calendar event UIDs. */
  host: string;
}
